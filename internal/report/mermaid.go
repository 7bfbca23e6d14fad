package report

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/lifecycle"
)

// recentMoves is how many of a story's latest moves the diagram draws; the
// earlier ones are summarised in one node and listed under the diagram, so a
// story that looped many times still gets a diagram a reviewer can read.
const recentMoves = 12

// Colours of the diagram: the current state, and moves the transition
// table does not allow (drawn in red so a reviewer cannot miss them).
const (
	currentStyle = "fill:#fde68a,stroke:#b45309,stroke-width:2px"
	badMoveStyle = "stroke:#d92d20,stroke-width:2px,color:#d92d20"
)

// Mermaid renders a story's path through the state machine as a top-down
// Mermaid flowchart: each distinct move of its latest recentMoves once
// (with how often it was taken), the earlier moves folded into one node,
// its current state highlighted, and every illegal or unauthorized move,
// however early, drawn in red with what is wrong with it. Only legal state,
// event and role names reach the diagram, so story text cannot change it.
// It returns "" when there is nothing to draw.
func Mermaid(s gate.Story) string {
	moves := drawable(s.Transitions)
	current := s.State
	if !lifecycle.IsState(lifecycle.State(current)) {
		current = ""
	}
	if len(moves) == 0 && current == "" {
		return ""
	}
	earlier := max(0, len(moves)-recentMoves)
	edges := diagramEdges(moves, earlier)
	var b strings.Builder
	b.WriteString("flowchart TB\n")
	first := current
	if len(moves) > 0 {
		first = moves[earlier].From
	}
	if earlier > 0 {
		fmt.Fprintf(&b, "    earlier([\"%d earlier %s\"]) -.-> %s\n", earlier, moveWord(earlier), first)
	} else {
		fmt.Fprintf(&b, "    start((start)) --> %s\n", first)
	}
	var red []string
	for i, e := range edges {
		fmt.Fprintf(&b, "    %s -->|\"%s\"| %s\n", e.From, e.label(), e.To)
		if e.problem != "" {
			red = append(red, fmt.Sprint(i+1))
		}
	}
	if len(red) > 0 {
		fmt.Fprintf(&b, "    linkStyle %s %s\n", strings.Join(red, ","), badMoveStyle)
	}
	if current != "" {
		fmt.Fprintf(&b, "    classDef current %s\n    class %s current\n", currentStyle, current)
	}
	return b.String()
}

// diagramEdge is one distinct move of the diagram.
type diagramEdge struct {
	gate.Transition
	count int
	// problem says why the move is not allowed, "" when it is.
	problem string
}

func (e diagramEdge) label() string {
	label := e.Event
	if e.count > 1 {
		label += fmt.Sprintf(" ×%d", e.count)
	}
	if e.problem != "" {
		label = "⚠ " + label + ": " + e.problem
	}
	return label
}

// diagramEdges counts the distinct moves from index recent on, and adds
// the illegal or unauthorized moves before it, which must never be hidden.
func diagramEdges(moves []gate.Transition, recent int) []diagramEdge {
	var out []diagramEdge
	index := map[gate.Transition]int{}
	for i, t := range moves {
		problem := moveProblem(t)
		if i < recent && problem == "" {
			continue
		}
		if j, ok := index[t]; ok {
			out[j].count++
			continue
		}
		index[t] = len(out)
		out = append(out, diagramEdge{Transition: t, count: 1, problem: problem})
	}
	return out
}

// moveProblem says why the transition table does not allow t: no such move
// from its state, or an actor other than the one the table names.
func moveProblem(t gate.Transition) string {
	row, ok := lifecycle.Lookup(lifecycle.State(t.From), lifecycle.Event(t.Event))
	if !ok || string(row.To) != t.To {
		return "illegal move"
	}
	if t.UnknownActor {
		return fmt.Sprintf("by an actor that is no role, not the %s", row.Actor)
	}
	if t.Actor != "" && t.Actor != string(row.Actor) {
		return fmt.Sprintf("by %s, not the %s", t.Actor, row.Actor)
	}
	return ""
}

// undrawnNote says how many log rows the diagram could not draw, since
// they name no legal state or event: hidden moves must still be visible.
func undrawnNote(s gate.Story) string {
	if s.UndrawnMoves <= 0 {
		return ""
	}
	n := s.UndrawnMoves
	return fmt.Sprintf("\n⚠ %d Transition Log %s no legal state or event and %s not drawn; the findings above say which.\n",
		n, pick(n, "row names", "rows name"), pick(n, "is", "are"))
}

func pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// drawable keeps the rows whose names are all legal: anything else would
// carry story text into the diagram (the rules report those rows).
func drawable(ts []gate.Transition) []gate.Transition {
	out := make([]gate.Transition, 0, len(ts))
	for _, t := range ts {
		if !lifecycle.IsState(lifecycle.State(t.From)) || !lifecycle.IsState(lifecycle.State(t.To)) || !lifecycle.IsEvent(lifecycle.Event(t.Event)) {
			continue
		}
		if t.Actor != "" && !lifecycle.IsRole(lifecycle.Role(t.Actor)) {
			t.Actor, t.UnknownActor = "", true
		}
		out = append(out, t)
	}
	return out
}

// earlierMoves lists the moves the diagram folded, oldest first, bounded
// so a very long log cannot crowd the comment.
func earlierMoves(s gate.Story) string {
	moves := drawable(s.Transitions)
	n := len(moves) - recentMoves
	if n <= 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n<details><summary>%d earlier %s</summary>\n\n", n, moveWord(n))
	for i, t := range moves[:min(n, maxListedMoves)] {
		fmt.Fprintf(&b, "%d. `%s` → `%s` (`%s`%s)\n", i+1, t.From, t.To, t.Event, actorNote(t))
	}
	if n > maxListedMoves {
		fmt.Fprintf(&b, "\n… and %d more in the story's Transition Log.\n", n-maxListedMoves)
	}
	b.WriteString("\n</details>\n")
	return b.String()
}

// maxListedMoves bounds the list of folded moves.
const maxListedMoves = 50

func actorNote(t gate.Transition) string {
	note := ""
	if t.Actor != "" {
		note = " by " + t.Actor
	}
	if p := moveProblem(t); p != "" {
		note += " — ⚠ " + p
	}
	return note
}

func moveWord(n int) string { return pick(n, "move", "moves") }
