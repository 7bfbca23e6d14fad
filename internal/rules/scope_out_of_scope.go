package rules

import (
	"strings"

	"github.com/storygate/storygate/internal/gitrepo"

	"github.com/storygate/storygate/internal/story"
)

var outOfScope = &Rule{ID: "scope/out-of-scope", Need: NeedBase, Spec: "§4",
	Summary: "files changed between base and head (other than story files) lie in the `scope.write` of a story that is `generating` in the change, and not under its `scope.exclude`",
	CheckSet: func(p *SetPass) {
		unclaimedChanges(p, func(ch gitrepo.Change, claims string) {
			p.Report(ch.Path, story.Pos{}, "%s (%s) is outside the scope.write of every story generating in this change (%s)", ch.Path, ch.Kind, claims)
		})
	}}

// unclaimedChanges calls fn for every changed file, other than a story,
// that no story generating in the change grants; claims names those
// stories. Without a generating story nothing is claimed and fn never runs.
func unclaimedChanges(p *SetPass, fn func(ch gitrepo.Change, claims string)) {
	units := generatingUnits(p.Units)
	if len(units) == 0 {
		return
	}
	ids := storyIDs(units)
	for _, ch := range p.Changes {
		if !p.IsStory(ch.Path) && !claimed(units, ch.Path) {
			fn(ch, ids)
		}
	}
}

// claimed reports whether some generating story grants path and does not exclude it.
func claimed(units []Unit, path string) bool {
	for _, u := range units {
		if Grants(grantSource(u), path) {
			return true
		}
	}
	return false
}

// grantSource is the frontmatter whose scope grants files in the change:
// the base version when the story existed there, so a change cannot widen
// its own grant, else the new story's.
func grantSource(u Unit) *story.Frontmatter {
	if u.Base != nil && u.Base.Front != nil {
		return u.Base.Front
	}
	return u.Head.Front
}

// Grants reports whether fm's scope.write covers path and scope.exclude does not.
func Grants(fm *story.Frontmatter, path string) bool {
	for _, x := range fm.Scope.Exclude.Items {
		if PathUnder(path, x.Value) {
			return false
		}
	}
	for _, w := range fm.Scope.Write.Items {
		if PathUnder(path, w.Value) {
			return true
		}
	}
	return false
}

func storyIDs(units []Unit) string {
	ids := make([]string, len(units))
	for i, u := range units {
		ids[i] = u.Head.Front.ID.Value
	}
	return strings.Join(ids, ", ")
}
