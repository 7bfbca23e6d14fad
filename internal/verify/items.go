package verify

import (
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/story"
)

// Item is one verification item of one story, with what the story claims
// about it.
type Item struct {
	// Story is the story's path relative to the repository root.
	Story string
	// Index is the item's place in the story's verification list.
	Index    int
	ID       string
	Command  string
	PassWhen string
	// WorkingDir is the item's working_dir as written, relative to the
	// repository root; empty means the root (workdir.Resolve).
	WorkingDir string
	// Pos is where the item is written (its id, or the list entry).
	Pos diag.Pos
	// Evidence is the latest Verification Runs row for this ID, if any.
	Evidence *Claim
	// ToolFinding is the latest evaluation's Tool Findings row, if any.
	ToolFinding *Claim
}

// Key identifies the item across runs and shards.
func (it Item) Key() string { return it.Story + "#" + it.ID }

// ItemsOf lists the verification items of a parsed story together with the
// story's claims about them. A story without frontmatter has none.
func ItemsOf(s *story.Story) []Item {
	if s.Front == nil {
		return nil
	}
	evidence, findings := evidenceClaims(s), toolFindingClaims(s)
	var out []Item
	for i, c := range s.Front.Verification.Items {
		it := Item{Story: s.Path, Index: i, ID: story.Clean(c.ID.Value), Command: c.Command.Value,
			PassWhen: c.PassWhen.Value, WorkingDir: c.WorkingDir.Value, Pos: itemPos(c)}
		it.Evidence, it.ToolFinding = evidence[it.ID], findings[it.ID]
		out = append(out, it)
	}
	return out
}

func itemPos(c story.Check) diag.Pos {
	if c.ID.Set && c.ID.Pos.Line > 0 {
		return c.ID.Pos
	}
	return c.Pos
}
