package rules

import (
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/story"
)

var mayNotCreate = &Rule{ID: "revert/may-not-create", Need: NeedBase, Spec: "story-017",
	Summary: "a file was created under a governed prefix that the story was not granted",
	CheckSet: func(p *SetPass) {
		unclaimedChanges(p, func(ch gitrepo.Change, cs []claimer) {
			prefix, ok := governedBy(p.Governed, ch.Path)
			switch {
			case !ok || ch.Kind != gitrepo.Created:
			case len(cs) == 0:
				p.Report(ch.Path, story.Pos{}, "%s was created under governed prefix %s in a change that edits story files, but no story is generating in it to grant the file in scope.write", ch.Path, prefix)
			default:
				p.Report(ch.Path, story.Pos{}, "%s was created under governed prefix %s, which no story generating in this change (%s) was granted in scope.write", ch.Path, prefix, claimerIDs(cs))
			}
		})
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
