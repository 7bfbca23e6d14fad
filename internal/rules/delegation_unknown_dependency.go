package rules

import "github.com/storygate/storygate/internal/story"

var unknownDependency = &Rule{ID: "delegation/unknown-dependency", Need: NeedSet, Spec: "§10.1",
	Summary: "every `depends_on` / `parent` / `dependent_stories` ID names an existing story",
	CheckSet: func(p *SetPass) {
		ids := p.ByID()
		withFront(p.Units, func(s *story.Story, fm *story.Frontmatter) {
			refs := append(append([]story.Scalar{}, fm.DependsOn.Items...), fm.DependentStories.Items...)
			if fm.Parent.Set && fm.Parent.Value != "" {
				refs = append(refs, fm.Parent)
			}
			for _, ref := range refs {
				switch _, ok := ids[ref.Value]; {
				case story.Clean(ref.Value) == "":
					p.Report(s.Path, ref.Pos, "%s has an empty story id in its dependencies; name a story or remove the item", fm.ID.Value)
				case !ok:
					p.Report(s.Path, ref.Pos, "%s refers to %s, but no story has that id", fm.ID.Value, ref.Value)
				}
			}
		})
	}}
