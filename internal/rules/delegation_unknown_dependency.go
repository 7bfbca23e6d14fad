package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/story"
)

var unknownDependency = &Rule{Rule: catalog.Must("delegation/unknown-dependency"),
	CheckSet: func(p *SetPass) {
		x := p.storyIndex()
		withFront(p.Units, func(i int, s *story.Story, fm *story.Frontmatter) {
			check := func(ref story.Scalar, n int32) {
				switch {
				case story.Clean(ref.Value) == "":
					p.Report(s.Path, ref.Pos, "%s has an empty story id in its dependencies; name a story or remove the item", fm.ID.Value)
				case n < 0:
					p.Report(s.Path, ref.Pos, "%s refers to %s, but no story has that id", fm.ID.Value, ref.Value)
				}
			}
			for k, ref := range fm.DependsOn.Items {
				check(ref, x.dependsOn[i][k])
			}
			for k, ref := range fm.DependentStories.Items {
				check(ref, x.dependents[i][k])
			}
			if fm.Parent.Set && fm.Parent.Value != "" {
				check(fm.Parent, x.parent[i])
			}
		})
	}}
