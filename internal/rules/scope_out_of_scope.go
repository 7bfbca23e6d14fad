package rules

import (
	"strings"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var outOfScope = &Rule{ID: "scope/out-of-scope", Need: NeedBase, Spec: "§4",
	Summary: "files changed between base and head (other than story files) lie in the `scope.write` of a story that is `generating` in the change, and not under its `scope.exclude`",
	CheckSet: func(p *SetPass) {
		cs := claimers(p)
		unclaimedChanges(p, func(ch gitrepo.Change, claims string) {
			if id, entry, ok := excludedBy(cs, ch.Path); ok {
				p.Report(ch.Path, story.Pos{}, "%s (%s) is inside the scope.write of %s, but its scope.exclude entry %q excludes it", ch.Path, ch.Kind, id, entry)
				return
			}
			p.Report(ch.Path, story.Pos{}, "%s (%s) is outside the scope.write of every story generating in this change (%s)", ch.Path, ch.Kind, claims)
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
// that no story generating in the change grants; claims names those
// stories. Without a generating story nothing is claimed and fn never runs.
func unclaimedChanges(p *SetPass, fn func(ch gitrepo.Change, claims string)) {
	cs := claimers(p)
	if len(cs) == 0 {
		return
	}
	ids := claimerIDs(cs)
	for _, ch := range p.Changes {
		if !p.IsStory(ch.Path) && !claimed(cs, ch.Path) {
			fn(ch, ids)
		}
	}
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
