package rules

import (
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// byID indexes the set's stories by frontmatter id (first wins).
func byID(units []Unit) map[string]*story.Story {
	out := map[string]*story.Story{}
	for _, u := range units {
		if fm := u.Head.Front; fm != nil && fm.ID.Set {
			if _, dup := out[fm.ID.Value]; !dup {
				out[fm.ID.Value] = u.Head
			}
		}
	}
	return out
}

// withFront calls fn for every story that has frontmatter.
func withFront(units []Unit, fn func(s *story.Story, fm *story.Frontmatter)) {
	for _, u := range units {
		if u.Head.Front != nil {
			fn(u.Head, u.Head.Front)
		}
	}
}

var unknownDependency = &Rule{ID: "delegation/unknown-dependency", Need: NeedSet, Spec: "§10.1",
	Summary: "every `depends_on` / `parent` / `dependent_stories` ID names an existing story",
	CheckSet: func(p *SetPass) {
		ids := byID(p.Units)
		withFront(p.Units, func(s *story.Story, fm *story.Frontmatter) {
			refs := append(append([]story.Scalar{}, fm.DependsOn.Items...), fm.DependentStories.Items...)
			if fm.Parent.Set && fm.Parent.Value != "" {
				refs = append(refs, fm.Parent)
			}
			for _, ref := range refs {
				if _, ok := ids[ref.Value]; !ok {
					p.Report(s.Path, ref.Pos, "%s refers to %s, but no story has that id", fm.ID.Value, ref.Value)
				}
			}
		})
	}}

var dependencyNotDone = &Rule{ID: "delegation/dependency-not-done", Need: NeedSet, Spec: "§2, §10.1",
	Summary: "a story past `seeded` (and so at `ready` or later) has every `depends_on` story at `done`",
	CheckSet: func(p *SetPass) {
		ids := byID(p.Units)
		withFront(p.Units, func(s *story.Story, fm *story.Frontmatter) {
			if !fm.State.Set || fm.State.Value == lifecycle.Seeded || !lifecycle.IsState(fm.State.Value) {
				return
			}
			for _, dep := range fm.DependsOn.Items {
				other, ok := ids[dep.Value]
				if ok && other.Front.State.Value != lifecycle.Done {
					p.Report(s.Path, dep.Pos, "%s is at %s but depends on %s, which is at %s, not done", fm.ID.Value, fm.State.Value, dep.Value, other.Front.State.Value)
				}
			}
		})
	}}

var dependentsMismatch = &Rule{ID: "delegation/dependents-mismatch", Need: NeedSet, Spec: "§2", Severity: diag.SeverityWarning,
	Summary: "`dependent_stories` mirrors the `depends_on` of other stories",
	CheckSet: func(p *SetPass) {
		ids := byID(p.Units)
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
		if _, exists := ids[d.Value]; exists && !want[d.Value] && fm.State.Value != lifecycle.Done {
			p.Report(s.Path, d.Pos, "dependent_stories lists %s, but %s does not depend on %s", d.Value, d.Value, fm.ID.Value)
		}
	}
	for _, id := range sortedKeys(want) {
		if !listed[id] {
			p.Report(s.Path, fm.KeyPos("dependent_stories"), "%s depends on %s, but dependent_stories of %s does not list it", id, fm.ID.Value, fm.ID.Value)
		}
	}
}
