package rules

import (
	"slices"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var dependentsMismatch = &Rule{Rule: catalog.Must("delegation/dependents-mismatch"),
	CheckSet: func(p *SetPass) {
		x := p.storyIndex()
		want := dependentsOf(p.Units, x)
		withFront(p.Units, func(i int, s *story.Story, fm *story.Frontmatter) {
			checkDependents(p, x.dependents[i], s, fm, want.of(fm.ID.Value))
		})
	}}

// dependents are, for every id a depends_on names, the ids of the stories
// that name it, sorted and without repeats: by number for the set's ids,
// by value for the others (blank or unknown ids, which a story without a
// usable id of its own still looks up).
type dependents struct {
	x     *setIndex
	byNum [][]string
	other map[string][]string
}

func dependentsOf(units []Unit, x *setIndex) dependents {
	d := dependents{x: x, byNum: make([][]string, len(x.ids)), other: map[string][]string{}}
	counts := make([]int32, len(x.ids))
	total := 0
	withFront(units, func(i int, _ *story.Story, fm *story.Frontmatter) {
		for k, dep := range fm.DependsOn.Items {
			if n := x.dependsOn[i][k]; n >= 0 {
				counts[n]++
				total++
			} else {
				d.other[dep.Value] = append(d.other[dep.Value], fm.ID.Value)
			}
		}
	})
	flat := make([]string, total) // every story's dependents in one array
	from := 0
	for n, c := range counts {
		d.byNum[n] = flat[from : from : from+int(c)]
		from += int(c)
	}
	withFront(units, func(i int, _ *story.Story, fm *story.Frontmatter) {
		for _, n := range x.dependsOn[i] {
			if n >= 0 {
				d.byNum[n] = append(d.byNum[n], fm.ID.Value)
			}
		}
	})
	for n, ids := range d.byNum {
		d.byNum[n] = sortedSet(ids)
	}
	for id, ids := range d.other {
		d.other[id] = sortedSet(ids)
	}
	return d
}

// of is the dependents of the story with id.
func (d dependents) of(id string) []string {
	if n := d.x.lookup(id); n >= 0 {
		return d.byNum[n]
	}
	return d.other[id]
}

func checkDependents(p *SetPass, resolved []int32, s *story.Story, fm *story.Frontmatter, want []string) {
	for k, d := range fm.DependentStories.Items {
		if resolved[k] >= 0 && !sortedHas(want, d.Value) && fm.CurrentState() != lifecycle.Done {
			p.Report(s.Path, d.Pos, "dependent_stories lists %s, but %s does not depend on %s", d.Value, d.Value, fm.ID.Value)
		}
	}
	if !fm.DependentStories.Set && !fm.DependentStories.Null || len(want) == 0 {
		return // the optional field is not written: it claims nothing to mirror
	}
	listed := sortedSet(fm.DependentStories.Values())
	for _, id := range want {
		if !sortedHas(listed, id) {
			p.Report(s.Path, fm.KeyPos("dependent_stories"), "%s depends on %s, but dependent_stories of %s does not list it", id, fm.ID.Value, fm.ID.Value)
		}
	}
}

// sortedSet sorts ids in place and drops repeats.
func sortedSet(ids []string) []string {
	slices.Sort(ids)
	return slices.Compact(ids)
}

// sortedHas reports whether the sorted ids hold id.
func sortedHas(ids []string, id string) bool {
	_, found := slices.BinarySearch(ids, id)
	return found
}
