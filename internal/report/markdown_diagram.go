package report

import (
	"fmt"

	"github.com/storygate/storygate/internal/gate"
)

// openDiagramEdges is how many arrows a story's diagram may draw and
// still be shown open. A longer diagram ("long": more than this many
// distinct moves, each one row of the top-down chart, so taller than a
// few lines of the comment) is collapsed in <details>, its summary saying
// how many moves it draws and how many of them the table does not allow,
// so that a reviewer scrolling past still sees an illegal move exists.
const openDiagramEdges = 4

// diagram renders a story's Mermaid diagram (d, from Mermaid), open when
// it is short, collapsed when it is long.
func diagram(s gate.Story, d string) string {
	block := "\n```mermaid\n" + d + "```\n"
	edges, bad := diagramSize(s)
	if edges <= openDiagramEdges {
		return block
	}
	summary := fmt.Sprintf("State diagram: %d %s", edges, moveWord(edges))
	if bad > 0 {
		summary += fmt.Sprintf(", ⚠ %d not allowed", bad)
	}
	return "\n<details><summary>" + summary + "</summary>\n" + block + "\n</details>\n"
}

// diagramSize counts the arrows Mermaid draws for s, and those among them
// that the transition table does not allow.
func diagramSize(s gate.Story) (edges, bad int) {
	moves := drawable(s.Transitions)
	drawn := diagramEdges(moves, max(0, len(moves)-recentMoves))
	for _, e := range drawn {
		if e.problem != "" {
			bad++
		}
	}
	return len(drawn), bad
}
