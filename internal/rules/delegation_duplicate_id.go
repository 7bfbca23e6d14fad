package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/story"
)

var duplicateStoryID = &Rule{Rule: catalog.Must("delegation/duplicate-id"),
	CheckSet: func(p *SetPass) {
		x := p.storyIndex()
		withFront(p.Units, func(i int, s *story.Story, fm *story.Frontmatter) {
			if !fm.ID.Set || fm.ID.Value == "" {
				return
			}
			// The index holds, for every id, the story with the first path.
			if first := x.holder[x.lookup(fm.ID.Value)]; int(first) != i {
				p.Report(s.Path, fm.ID.Pos, "story id %s is already declared by %s: a story has exactly one file holding its authoritative state (give this story a new id, or remove the copy)", fm.ID.Value, p.Units[first].Head.Path)
			}
		})
	}}
