package github

import (
	"fmt"
)

// EventWorkflowDispatch is a manual or API-started run of a workflow; the
// slash-command handler starts the gate this way after recording a
// decision.
const EventWorkflowDispatch = "workflow_dispatch"

type workflowDispatchPayload struct {
	Inputs map[string]any `json:"inputs"`
}

// parseWorkflowDispatch reads the run's inputs; GitHub sends strings, and
// booleans and numbers for typed inputs, all kept as text.
func parseWorkflowDispatch(payload []byte, ev *Event) error {
	var p workflowDispatchPayload
	if err := decodePayload(payload, &p); err != nil {
		return err
	}
	if len(p.Inputs) == 0 {
		return nil
	}
	ev.Inputs = make(map[string]string, len(p.Inputs))
	for k, v := range p.Inputs {
		if v != nil {
			ev.Inputs[k] = fmt.Sprint(v)
		}
	}
	return nil
}
