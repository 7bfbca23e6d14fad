package rules

import (
	"strings"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/change"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/story"
)

var outOfScope = &Rule{Rule: catalog.Must("scope/out-of-scope"),
	CheckSet: func(p *SetPass) {
		unclaimedChanges(p, func(ch gitrepo.Change, gs change.Grants) {
			if revertDecides(p, ch, gs) {
				return
			}
			if len(gs) == 0 && !touchesStory(p) {
				p.Report(ch.Path, story.Pos{}, "%s (%s) changed in a change that edits another root's story files (%s), but no story of this root is generating in it, so no scope.write claims it: a change that touches any story in the repository is an agent's change, and only a generating story's generator may change files other than stories", ch.Path, ch.Kind, strings.Join(p.OtherStories, ", "))
				return
			}
			if len(gs) == 0 {
				p.Report(ch.Path, story.Pos{}, "%s (%s) changed in a change that edits story files, but no story is generating in it, so no scope.write claims it: only a generating story's generator may change files other than stories", ch.Path, ch.Kind)
				return
			}
			if id, entry, ok := gs.ExcludedBy(ch.Path); ok {
				p.Report(ch.Path, story.Pos{}, "%s (%s) is inside the scope.write of %s, but its scope.exclude entry %q excludes it", ch.Path, ch.Kind, id, entry)
				return
			}
			p.Report(ch.Path, story.Pos{}, "%s (%s) is outside the scope.write of every story generating in this change (%s)", ch.Path, ch.Kind, gs.IDs())
		})
	}}

// revertDecides reports whether the revert check, not scope.write, decides
// ch: a generating story's change modified or deleted a governed file its
// grants do not cover, in a run where the check decides (SetPass.RevertDecides).
// A created governed file is revert/may-not-create, and with no story
// generating, no implementer repaired anything: both stay scope findings.
func revertDecides(p *SetPass, ch gitrepo.Change, gs change.Grants) bool {
	return p.RevertDecides && len(gs) > 0 && ch.Kind != gitrepo.Created && change.UnderPrefix(p.Governed, ch.Path)
}

// unclaimedChanges calls fn for every changed file, other than a story,
// that the change's grants (gs) do not cover. The walk runs when a story is
// generating in the change, or when the change edits, adds or deletes a
// story file, this root's or another root's anywhere in the repository:
// that is an agent's change, and with no generating story nothing in it is
// claimed (gs is empty). A change that touches no story file anywhere and
// has no generating story (a human's pull request) is not walked, and
// neither is one whose every story change is a human's own transitions
// with their decisions (change.Change.HumansOnly: a human closing a story). An
// adoption change's own files (p.Adopted) are no story's to claim.
func unclaimedChanges(p *SetPass, fn func(ch gitrepo.Change, gs change.Grants)) {
	if len(p.touchedUnparsed()) > 0 {
		return // structure/not-checked names the files left undecided
	}
	gs := p.Change.Grants()
	walkUnclaimed(p, func(ch gitrepo.Change) { fn(ch, gs) })
}

// walkUnclaimed calls fn for every changed file unclaimedChanges judges,
// whatever the stories that do not parse.
func walkUnclaimed(p *SetPass, fn func(ch gitrepo.Change)) {
	gs := p.Change.Grants()
	if len(gs) == 0 && len(p.OtherStories) == 0 && (!touchesStory(p) || p.Change.HumansOnly()) {
		return // a human's pull request, or a human's closure of a story
	}
	for _, ch := range p.Changes {
		if !p.IsStory(ch.Path) && !gs.Covers(ch.Path) && !p.Adopted[ch.Path] {
			fn(ch)
		}
	}
}

// touchesStory reports whether the change created, modified or deleted a
// story file (a move is a deletion plus a creation).
func touchesStory(p *SetPass) bool {
	stories := map[string]bool{}
	for _, u := range p.Units {
		stories[u.Head.Path] = true
	}
	for _, s := range p.Deleted {
		stories[s.Path] = true
	}
	for _, ch := range p.Changes {
		if stories[ch.Path] {
			return true
		}
	}
	return false
}
