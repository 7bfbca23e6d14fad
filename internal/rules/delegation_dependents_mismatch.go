package rules

import (
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var dependentsMismatch = &Rule{ID: "delegation/dependents-mismatch", Need: NeedSet, Spec: "§2", Severity: diag.SeverityWarning,
	Summary: "`dependent_stories` mirrors the `depends_on` of other stories",
	CheckSet: func(p *SetPass) {
		ids := p.ByID()
		dependents := map[string]map[string]bool{}
		withFront(p.Units, func(s *story.Story, fm *story.Frontmatter) {
			for _, dep := range fm.DependsOn.Items {
				if dependents[dep.Value] == nil {
					dependents[dep.Value] = map[string]bool{}
				}
				dependents[dep.Value][fm.ID.Value] = true
			}
		})
		withFront(p.Units, func(s *story.Story, fm *story.Frontmatter) {
			checkDependents(p, s, fm, dependents[fm.ID.Value], ids)
		})
	}}

func checkDependents(p *SetPass, s *story.Story, fm *story.Frontmatter, want map[string]bool, ids map[string]*story.Story) {
	listed := map[string]bool{}
	for _, d := range fm.DependentStories.Items {
		listed[d.Value] = true
		if _, exists := ids[d.Value]; exists && !want[d.Value] && fm.CurrentState() != lifecycle.Done {
			p.Report(s.Path, d.Pos, "dependent_stories lists %s, but %s does not depend on %s", d.Value, d.Value, fm.ID.Value)
		}
	}
	if !fm.DependentStories.Set && !fm.DependentStories.Null {
		return // the optional field is not written: it claims nothing to mirror
	}
	for _, id := range sortedKeys(want) {
		if !listed[id] {
			p.Report(s.Path, fm.KeyPos("dependent_stories"), "%s depends on %s, but dependent_stories of %s does not list it", id, fm.ID.Value, fm.ID.Value)
		}
	}
}
