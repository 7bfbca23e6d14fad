package report

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/lifecycle"
)

// Mermaid renders a story's path through the state machine as a Mermaid
// state diagram: each distinct transition of its Transition Log once (with
// how often it was taken), and its current state highlighted. Only legal
// state and event names reach the diagram, so story text cannot change it.
// It returns "" when there is nothing to draw.
func Mermaid(s gate.Story) string {
	edges, order := countEdges(s.Transitions)
	current := s.State
	if !lifecycle.IsState(lifecycle.State(current)) {
		current = ""
	}
	if len(order) == 0 && current == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString("stateDiagram-v2\n    direction LR\n")
	start := current
	if len(order) > 0 {
		start = s.Transitions[0].From
	}
	if lifecycle.IsState(lifecycle.State(start)) {
		fmt.Fprintf(&b, "    [*] --> %s\n", start)
	}
	for _, e := range order {
		label := e.Event
		if n := edges[e]; n > 1 {
			label += fmt.Sprintf(" ×%d", n)
		}
		fmt.Fprintf(&b, "    %s --> %s: %s\n", e.From, e.To, label)
	}
	if current != "" {
		b.WriteString("    classDef current fill:#fde68a,stroke:#b45309,stroke-width:2px\n")
		fmt.Fprintf(&b, "    class %s current\n", current)
	}
	return b.String()
}

type edge struct{ From, To, Event string }

func countEdges(ts []gate.Transition) (map[edge]int, []edge) {
	counts := map[edge]int{}
	var order []edge
	for _, t := range ts {
		if !lifecycle.IsState(lifecycle.State(t.From)) || !lifecycle.IsState(lifecycle.State(t.To)) || !lifecycle.IsEvent(lifecycle.Event(t.Event)) {
			continue
		}
		e := edge{t.From, t.To, t.Event}
		if counts[e] == 0 {
			order = append(order, e)
		}
		counts[e]++
	}
	return counts, order
}
