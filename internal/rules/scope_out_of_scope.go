package rules

import (
	"strings"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var outOfScope = &Rule{ID: "scope/out-of-scope", Need: NeedBase, Spec: "§4",
	Summary: "files changed between base and head (other than story files) lie in the `scope.write` of a story `generating` in the change (its base or head version) and not under that version's `scope.exclude`; checked when a story is generating in the change or the change touches a story file",
	CheckSet: func(p *SetPass) {
		unclaimedChanges(p, func(ch gitrepo.Change, cs []claimer) {
			if len(cs) == 0 {
				p.Report(ch.Path, story.Pos{}, "%s (%s) changed in a change that edits story files, but no story is generating in it, so no scope.write claims it: only a generating story's generator may change files other than stories", ch.Path, ch.Kind)
				return
			}
			if id, entry, ok := excludedBy(cs, ch.Path); ok {
				p.Report(ch.Path, story.Pos{}, "%s (%s) is inside the scope.write of %s, but its scope.exclude entry %q excludes it", ch.Path, ch.Kind, id, entry)
				return
			}
			p.Report(ch.Path, story.Pos{}, "%s (%s) is outside the scope.write of every story generating in this change (%s)", ch.Path, ch.Kind, claimerIDs(cs))
		})
	}}

// excludedBy finds a generating story whose scope.write covers path while
// its scope.exclude takes it out again, and that exclude entry.
func excludedBy(cs []claimer, path string) (id, entry string, ok bool) {
	for _, c := range cs {
		for _, fm := range c.grants {
			if x, found := excludeEntry(fm, path); found && writes(fm, path) {
				return c.id, x, true
			}
		}
	}
	return "", "", false
}

// claimer is a story generating in the change, with the versions of its
// frontmatter whose scope grants files.
type claimer struct {
	id     string
	grants []*story.Frontmatter
}

// claimers are the stories generating in the change: the stories whose
// base or head state, or a state a new log row passes through, is
// generating, and the stories the change deleted whose base state was.
func claimers(p *SetPass) []claimer {
	var out []claimer
	for _, u := range generatingUnits(p.Units) {
		out = append(out, claimer{id: u.Head.Front.ID.Value, grants: grantSources(u)})
	}
	for _, s := range p.Deleted {
		if s.Front != nil && s.Front.State.Value == lifecycle.Generating {
			out = append(out, claimer{id: s.Front.ID.Value, grants: []*story.Frontmatter{s.Front}})
		}
	}
	return out
}

// unclaimedChanges calls fn for every changed file, other than a story,
// that no story generating in the change (cs) grants. The walk runs when a
// story is generating in the change, or when the change edits, adds or
// deletes a story file: that is an agent's change, and with no generating
// story nothing in it is claimed (cs is empty). A change that touches no
// story file and has no generating story (a human's pull request) is not
// walked.
func unclaimedChanges(p *SetPass, fn func(ch gitrepo.Change, cs []claimer)) {
	cs := claimers(p)
	if len(cs) == 0 && !touchesStory(p) {
		return
	}
	for _, ch := range p.Changes {
		if !p.IsStory(ch.Path) && !claimed(cs, ch.Path) {
			fn(ch, cs)
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

// claimed reports whether some generating story grants path and does not exclude it.
func claimed(cs []claimer, path string) bool {
	for _, c := range cs {
		for _, fm := range c.grants {
			if Grants(fm, path) {
				return true
			}
		}
	}
	return false
}

// grantSources are the versions of a generating story whose scope grants
// files in the change: the base version, when the story existed there, and
// the head version. A file either version grants is claimed, so a legal
// change of scope (while planning, or after a human reopen) covers the files
// it names at once; widening a frozen scope without a reopen is
// freeze/contract-changed's finding, not this rule's.
func grantSources(u Unit) []*story.Frontmatter {
	if u.Base != nil && u.Base.Front != nil {
		return []*story.Frontmatter{u.Base.Front, u.Head.Front}
	}
	return []*story.Frontmatter{u.Head.Front}
}

// Grants reports whether fm's scope.write covers path and scope.exclude does not.
func Grants(fm *story.Frontmatter, path string) bool {
	if _, excluded := excludeEntry(fm, path); excluded {
		return false
	}
	return writes(fm, path)
}

// writes reports whether fm's scope.write covers path.
func writes(fm *story.Frontmatter, path string) bool {
	for _, w := range fm.Scope.Write.Items {
		if PathUnder(path, w.Value) {
			return true
		}
	}
	return false
}

// excludeEntry returns the scope.exclude entry of fm that covers path.
func excludeEntry(fm *story.Frontmatter, path string) (string, bool) {
	for _, x := range fm.Scope.Exclude.Items {
		if PathUnder(path, x.Value) {
			return x.Value, true
		}
	}
	return "", false
}

func claimerIDs(cs []claimer) string {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.id
	}
	return strings.Join(ids, ", ")
}
