package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/story"
)

// unknownDependency reports references to no story. A reference that may
// name a story whose frontmatter does not parse (its file's stem) is not
// unknown: structure/not-checked says it was skipped.
var unknownDependency = &Rule{Rule: catalog.Must("delegation/unknown-dependency"),
	CheckSet: func(p *SetPass) {
		x := p.storyIndex()
		holder := unparsedHolder(p)
		withFront(p.Units, func(i int, s *story.Story, fm *story.Frontmatter) {
			eachReference(fm, x, i, func(ref story.Scalar, n int32) {
				switch {
				case story.Clean(ref.Value) == "":
					p.Report(s.Path, ref.Pos, "%s has an empty story id in its dependencies; name a story or remove the item", fm.ID.Value)
				case n < 0 && holder(story.Clean(ref.Value)) == "":
					p.Report(s.Path, ref.Pos, "%s refers to %s, but no story has that id", fm.ID.Value, ref.Value)
				}
			})
		})
	}}
