package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var dependencyNotDone = &Rule{Rule: catalog.Must("delegation/dependency-not-done"),
	CheckSet: func(p *SetPass) {
		x := p.storyIndex()
		withFront(p.Units, func(i int, s *story.Story, fm *story.Frontmatter) {
			if !fm.State.Set || fm.CurrentState() == lifecycle.Seeded || !lifecycle.IsState(fm.CurrentState()) {
				return
			}
			for k, dep := range fm.DependsOn.Items {
				n := x.dependsOn[i][k]
				if n < 0 {
					continue
				}
				if other := x.story(p.Units, n); other.Front.CurrentState() != lifecycle.Done {
					p.Report(s.Path, dep.Pos, "%s is at %s but depends on %s, which is at %s, not done", fm.ID.Value, fm.State.Value, dep.Value, other.Front.State.Value)
				}
			}
		})
	}}
