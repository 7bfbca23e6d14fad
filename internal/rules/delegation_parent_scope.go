package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/pathglob"
	"github.com/storygate/storygate/internal/story"
)

var parentScope = &Rule{Rule: catalog.Must("delegation/parent-scope"),
	CheckSet: func(p *SetPass) {
		x := p.storyIndex()
		withFront(p.Units, func(i int, s *story.Story, fm *story.Frontmatter) {
			if !fm.Parent.Set || x.parent[i] < 0 {
				return
			}
			parent := x.story(p.Units, x.parent[i])
			if fm.ID.Set && fm.Parent.Value == fm.ID.Value {
				p.Report(s.Path, fm.Parent.Pos, "%s names itself as its parent; parent is the id of the story that delegated this work to it, or null", fm.ID.Value)
				return
			}
			for _, w := range fm.Scope.Write.Items {
				for _, pw := range parent.Front.Scope.Write.Items {
					if pathglob.Overlap(w.Value, pw.Value) {
						p.Report(s.Path, w.Pos, "scope.write %q overlaps %q in the scope.write of parent %s", w.Value, pw.Value, fm.Parent.Value)
					}
				}
			}
		})
	}}
