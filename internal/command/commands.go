package command

import (
	"fmt"
	"slices"
	"strings"

	"github.com/storygate/storygate/internal/lifecycle"
)

// commandSpec maps a command to the human event it decides. Commands with
// targets (/unblock ready) decide prefix + target.
type commandSpec struct {
	event   lifecycle.Event
	prefix  string
	targets []lifecycle.State
	// ruling marks /allow-test-edit, which decides no story event: it
	// rules on the revert check's verdict for the paths it names.
	ruling bool
}

func (s commandSpec) takesTarget() bool { return s.prefix != "" }

// commandSpecs is the command table. /ruling is storygate's addition so a
// story at escalated can be ruled back into the loop, not only blocked.
var commandSpecs = map[string]commandSpec{
	"approve-plan":     {event: "approve_plan"},
	"reject-plan":      {event: "reject_plan"},
	"accept-result":    {event: "accept_result"},
	"request-revision": {event: "request_revision"},
	"escalate":         {event: "escalate"},
	"block":            {event: "block"},
	"mark-done":        {event: "mark_done"},
	"reopen":           {event: "reopen_for_revision"},
	"unblock":          {prefix: "unblock_to_", targets: []lifecycle.State{lifecycle.Planning, lifecycle.Ready, lifecycle.Generating, lifecycle.Done}},
	"ruling":           {prefix: "ruling_to_", targets: []lifecycle.State{lifecycle.Planning, lifecycle.Ready, lifecycle.Generating}},
	AllowTestEdit:      {ruling: true},
}

// AllowTestEdit is the command that rules on the revert check: a human
// permits the governed test edits it names (`/allow-test-edit PATH… --
// rationale`) when the check escalated or could not run on them.
const AllowTestEdit = "allow-test-edit"

// IsRuling reports whether the command rules on the revert check rather
// than deciding a story's event.
func (c Command) IsRuling() bool { return commandSpecs[c.Name].ruling }

// RevertRuling renders the command that rules on paths, as a reply or the
// revert check's message tells a reviewer to type it.
func RevertRuling(paths []string) string {
	return "/" + AllowTestEdit + " " + strings.Join(paths, " ") + " " + RulingSeparator + " <why the edit is right>"
}

// Event returns the human event the command decides, or an explanation of
// what is wrong with it (an unknown command, a missing or illegal target).
func (c Command) Event() (lifecycle.Event, error) {
	spec, ok := commandSpecs[c.Name]
	if !ok {
		return "", fmt.Errorf("/%s is not a storygate command", c.Name)
	}
	if spec.ruling {
		return "", fmt.Errorf("/%s rules on the revert check, not on a story's state", c.Name)
	}
	if !spec.takesTarget() {
		return spec.event, nil
	}
	if !slices.Contains(spec.targets, lifecycle.State(c.Target)) {
		return "", fmt.Errorf("/%s needs a target, one of %s (e.g. /%s %s)", c.Name, strings.Join(lifecycle.Names(spec.targets), ", "), c.Name, spec.targets[0])
	}
	return lifecycle.Event(spec.prefix + c.Target), nil
}

// For renders the command that decides event, e.g. "/unblock ready".
func For(event lifecycle.Event) string {
	for name, spec := range commandSpecs {
		if spec.ruling {
			continue
		}
		if spec.event == event {
			return "/" + name
		}
		if target, ok := strings.CutPrefix(string(event), spec.prefix); ok && spec.takesTarget() && slices.Contains(spec.targets, lifecycle.State(target)) {
			return "/" + name + " " + target
		}
	}
	return ""
}

// LegalCommands lists the commands that decide a human move from state, in
// the transition table's order; none when no human decision is pending.
func LegalCommands(state lifecycle.State) []string {
	var out []string
	for _, t := range lifecycle.From(state) {
		if t.Actor != lifecycle.Human {
			continue
		}
		if cmd := For(t.Event); cmd != "" {
			out = append(out, cmd)
		}
	}
	return out
}

// Matches reports whether the command decides event; hitl uses it to tie a
// Decision entry to the comment named as its Source.
func (c Command) Matches(event lifecycle.Event) bool {
	got, err := c.Event()
	return err == nil && got == event
}
