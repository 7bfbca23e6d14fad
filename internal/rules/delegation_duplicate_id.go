package rules

import "github.com/storygate/storygate/internal/story"

var duplicateStoryID = &Rule{ID: "delegation/duplicate-id", Need: NeedSet, Spec: "§1, §10.1",
	Summary: "no two story files declare the same `id` (references to it would be ambiguous)",
	CheckSet: func(p *SetPass) {
		first := map[string]string{}
		withFront(p.Units, func(s *story.Story, fm *story.Frontmatter) {
			if !fm.ID.Set || fm.ID.Value == "" {
				return
			}
			if other, dup := first[fm.ID.Value]; dup {
				p.Report(s.Path, fm.ID.Pos, "id %s is also declared by %s; each story needs its own id", fm.ID.Value, other)
				return
			}
			first[fm.ID.Value] = s.Path
		})
	}}
