package rules

import (
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/story"
)

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
