// Package change is storygate's one model of a change: the base/head story
// pairs with moves resolved, the stories generating in it, what each may
// write (Grants), the Human Decision entries it adds, and the files it
// changed. It is built once per run (lint builds it) and read by the rules,
// the gate, revert-check and hitl, which recompute none of it.
//
// The model's answers are the ones that give an agent the least; their
// reasons are in docs/stories.md ("What a change may write").
package change

import (
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/story"
)

// Change is one change: base..head, or the stories alone without a base.
type Change struct {
	// Pairs are the stories at head with their base versions.
	Pairs []Pair
	// Deleted are the base versions of the story files the change deleted
	// (a story moved to a new path is a Pair, not among them).
	Deleted []*story.Story
	// Files are the files changed base..head (empty without a base).
	Files []gitrepo.Change
	// HasBase is true when the change has a base revision.
	HasBase bool

	generating []Pair
	grants     Grants
	changed    map[string]bool
}

// New builds the change model once: which stories are generating in the
// change, and what they may write.
func New(pairs []Pair, deleted []*story.Story, files []gitrepo.Change, hasBase bool) *Change {
	return NewJudged(pairs, nil, deleted, files, hasBase)
}

// Facts are what the change model reads of one pair: whether it is
// generating and, when it is, its grant. A caller that slims a pair's
// stories (lint, once its pair rules have run) works them out first,
// while the pair is whole (Pair.Facts).
type Facts struct {
	Generating bool
	Grant      Grant
}

// Facts works out the pair's facts; the grant's texts are copies, so they
// keep no story's source alive.
func (p Pair) Facts() Facts {
	if !p.Generating() {
		return Facts{}
	}
	return Facts{Generating: true, Grant: p.Grant().owned()}
}

// NewJudged is New with the facts of some pairs already worked out:
// facts[i], when facts is long enough and facts[i] is set, stands for
// pairs[i].Facts(), which is worked out here for every other pair.
func NewJudged(pairs []Pair, facts []*Facts, deleted []*story.Story, files []gitrepo.Change, hasBase bool) *Change {
	c := &Change{Pairs: pairs, Deleted: deleted, Files: files, HasBase: hasBase, changed: make(map[string]bool, len(files))}
	for _, f := range files {
		c.changed[f.Path] = true
	}
	for i, p := range pairs {
		var f Facts
		switch {
		case i < len(facts) && facts[i] != nil:
			f = *facts[i]
		case p.Generating():
			f = Facts{Generating: true, Grant: p.Grant()}
		}
		if f.Generating {
			c.generating = append(c.generating, p)
			c.grants = append(c.grants, f.Grant)
		}
	}
	return c
}

// Generating returns the stories generating in the change (Pair.Generating):
// only they may write files other than stories. The slice is shared.
func (c *Change) Generating() []Pair { return c.generating }

// Grants is the one answer to "which paths may this change write": the
// grants of the stories generating in it. A story the change deleted grants
// nothing. The slice is shared.
func (c *Change) Grants() Grants { return c.grants }

// Changed reports whether path changed base..head; without a base every
// path counts as changed, since nothing narrower is known.
func (c *Change) Changed(path string) bool { return !c.HasBase || c.changed[path] }
