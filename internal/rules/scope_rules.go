package rules

import (
	"strings"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/story"
)

var outOfScope = &Rule{ID: "scope/out-of-scope", Need: NeedBase, Spec: "§4",
	Summary: "files changed between base and head (other than story files) lie in the `scope.write` of a story that is `generating` in the change, and not under its `scope.exclude`",
	CheckSet: func(p *SetPass) {
		claims := generatingUnits(p.Units)
		if len(claims) == 0 {
			return
		}
		for _, ch := range p.Changes {
			if p.IsStory(ch.Path) {
				continue
			}
			if !claimed(claims, ch.Path) {
				p.Report(ch.Path, story.Pos{}, "%s (%s) is outside the scope.write of every story generating in this change (%s)", ch.Path, ch.Kind, storyIDs(claims))
			}
		}
	}}

// claimed reports whether some generating story grants path and does not exclude it.
func claimed(units []Unit, path string) bool {
	for _, u := range units {
		if Grants(u.Head.Front, path) {
			return true
		}
	}
	return false
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

var mayNotCreate = &Rule{ID: "revert/may-not-create", Need: NeedBase, Spec: "story-017",
	Summary: "a file was created under a governed prefix that the story was not granted",
	CheckSet: func(p *SetPass) {
		claims := generatingUnits(p.Units)
		if len(claims) == 0 {
			return
		}
		for _, ch := range p.Changes {
			if ch.Kind != gitrepo.Created || p.IsStory(ch.Path) {
				continue
			}
			if prefix, ok := governedBy(p.Governed, ch.Path); ok && !claimed(claims, ch.Path) {
				p.Report(ch.Path, story.Pos{}, "%s was created under governed prefix %s, which no story generating in this change (%s) was granted in scope.write", ch.Path, prefix, storyIDs(claims))
			}
		}
	}}

// governedBy returns the governed prefix that covers path.
func governedBy(prefixes []string, path string) (string, bool) {
	for _, g := range prefixes {
		if PathUnder(path, g) && literalPrefix(g) != "" {
			return g, true
		}
	}
	return "", false
}
