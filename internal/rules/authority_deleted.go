package rules

import (
	"fmt"

	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// deletedStories reports stories the change deleted while they held
// append-only history: deleting the file (or giving it another story's id)
// removes every entry and log row at once. A story moved to a new path is not deleted (it is matched by id
// and compared with its old version), and one that held nothing yet (no
// entry, no Evidence, no log row) removes nothing. A base version that
// could not be parsed is reported: what it held cannot be told.
func deletedStories(p *SetPass) {
	held := map[string]string{} // path → id of the story there at head
	for _, u := range p.Units {
		if u.Head.Front != nil {
			held[u.Head.Path] = u.Head.Front.ID.Value
		}
	}
	for _, s := range p.Deleted {
		pos := story.Pos{Line: 1, Column: 1}
		if s.Front == nil || s.Body == nil {
			p.Report(s.Path, pos, "story file %s was deleted in this change; its base version could not be parsed, so what it held cannot be told: a story's history is append-only", s.Path)
			continue
		}
		history := heldHistory(s)
		if len(history) == 0 {
			continue
		}
		gone := "was deleted in this change"
		if other, ok := held[s.Path]; ok {
			gone = fmt.Sprintf("was replaced in this change by a file declaring id %q", other)
		}
		p.Report(s.Path, pos, "story %s (%s, state %s at base) %s, removing %s; role outputs, Evidence and the Transition Log are append-only (moving a story keeps its id)", s.Front.ID.Value, s.Path, s.Front.State.Value, gone, plainList(history))
	}
}

// heldHistory counts the append-only content of a story, by part.
func heldHistory(s *story.Story) []string {
	var out []string
	for _, sec := range appendOnlySections {
		if n := len(s.MustEntries(sec)); n > 0 {
			out = append(out, count(n, "entry", "entries")+" in \"## "+sec+"\"")
		}
	}
	if sec := s.Body.Section(lifecycle.SectionEvidence); sec != nil {
		if n := len(nonBlank(s.SectionText(sec))); n > 0 {
			out = append(out, count(n, "Evidence line", "Evidence lines"))
		}
	}
	if rows, _ := s.Log(); len(rows) > 0 {
		out = append(out, count(len(rows), "Transition Log row", "Transition Log rows"))
	}
	return out
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
