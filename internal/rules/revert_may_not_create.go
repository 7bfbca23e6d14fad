package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/change"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/pathglob"
	"github.com/storygate/storygate/internal/story"
)

var mayNotCreate = &Rule{Rule: catalog.Must("revert/may-not-create"),
	CheckSet: func(p *SetPass) {
		unclaimedChanges(p, func(ch gitrepo.Change, gs change.Grants) {
			prefix, ok := pathglob.CoversAny(p.Governed, ch.Path)
			switch {
			case !ok || ch.Kind != gitrepo.Created:
			case len(gs) == 0:
				p.Report(ch.Path, story.Pos{}, "%s was created under governed prefix %s in a change that edits story files, but no story is generating in it to grant the file in scope.write", ch.Path, prefix)
			default:
				p.Report(ch.Path, story.Pos{}, "%s was created under governed prefix %s, which no story generating in this change (%s) was granted in scope.write", ch.Path, prefix, gs.IDs())
			}
		})
	}}
