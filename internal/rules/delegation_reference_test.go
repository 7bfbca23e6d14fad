package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// The delegation rules as they were before the stories were numbered
// (setIndex): every rule hashed ids in maps of its own. They are the
// reference the numbered rules are held to.

func refByID(units []Unit) map[string]*story.Story {
	out := map[string]*story.Story{}
	for _, u := range units {
		if fm := u.Head.Front; fm != nil && fm.ID.Set {
			if prev, dup := out[fm.ID.Value]; !dup || u.Head.Path < prev.Path {
				out[fm.ID.Value] = u.Head
			}
		}
	}
	return out
}

func refWithFront(units []Unit, fn func(s *story.Story, fm *story.Frontmatter)) {
	for _, u := range units {
		if u.Head.Front != nil {
			fn(u.Head, u.Head.Front)
		}
	}
}

func refNotDone(p *SetPass) {
	ids := refByID(p.Units)
	refWithFront(p.Units, func(s *story.Story, fm *story.Frontmatter) {
		if !fm.State.Set || fm.CurrentState() == lifecycle.Seeded || !lifecycle.IsState(fm.CurrentState()) {
			return
		}
		for _, dep := range fm.DependsOn.Items {
			if other, ok := ids[dep.Value]; ok && other.Front.CurrentState() != lifecycle.Done {
				p.Report(s.Path, dep.Pos, "%s is at %s but depends on %s, which is at %s, not done", fm.ID.Value, fm.State.Value, dep.Value, other.Front.State.Value)
			}
		}
	})
}

func refDependents(p *SetPass) {
	ids := refByID(p.Units)
	dependents := map[string]map[string]bool{}
	refWithFront(p.Units, func(s *story.Story, fm *story.Frontmatter) {
		for _, dep := range fm.DependsOn.Items {
			if dependents[dep.Value] == nil {
				dependents[dep.Value] = map[string]bool{}
			}
			dependents[dep.Value][fm.ID.Value] = true
		}
	})
	refWithFront(p.Units, func(s *story.Story, fm *story.Frontmatter) {
		want, listed := dependents[fm.ID.Value], map[string]bool{}
		for _, d := range fm.DependentStories.Items {
			listed[d.Value] = true
			if _, exists := ids[d.Value]; exists && !want[d.Value] && fm.CurrentState() != lifecycle.Done {
				p.Report(s.Path, d.Pos, "dependent_stories lists %s, but %s does not depend on %s", d.Value, d.Value, fm.ID.Value)
			}
		}
		if !fm.DependentStories.Set && !fm.DependentStories.Null {
			return
		}
		for _, id := range sortedKeys(want) {
			if !listed[id] {
				p.Report(s.Path, fm.KeyPos("dependent_stories"), "%s depends on %s, but dependent_stories of %s does not list it", id, fm.ID.Value, fm.ID.Value)
			}
		}
	})
}

func refUnknown(p *SetPass) {
	ids := refByID(p.Units)
	refWithFront(p.Units, func(s *story.Story, fm *story.Frontmatter) {
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
}

func refDuplicate(p *SetPass) {
	byPath := make([]*story.Story, 0, len(p.Units))
	for _, u := range p.Units {
		byPath = append(byPath, u.Head)
	}
	slices.SortFunc(byPath, func(a, b *story.Story) int { return strings.Compare(a.Path, b.Path) })
	first := map[string]*story.Story{}
	for _, s := range byPath {
		fm := s.Front
		if fm == nil || !fm.ID.Set || fm.ID.Value == "" {
			continue
		}
		if orig, dup := first[fm.ID.Value]; dup {
			p.Report(s.Path, fm.ID.Pos, "story id %s is already declared by %s: a story has exactly one file holding its authoritative state (give this story a new id, or remove the copy)", fm.ID.Value, orig.Path)
			continue
		}
		first[fm.ID.Value] = s
	}
}

// refCycle is the search of the whole graph from every story, which the
// component search replaced.
func refCycle(p *SetPass) {
	ids := refByID(p.Units)
	for id, s := range ids {
		visited := map[string]bool{}
		var path []string
		var walk func(string) bool
		walk = func(at string) bool {
			path = append(path, at)
			for _, dep := range ids[at].Front.DependsOn.Items {
				if dep.Value == id {
					path = append(path, id)
					return true
				}
				if _, known := ids[dep.Value]; known && !visited[dep.Value] {
					visited[dep.Value] = true
					if walk(dep.Value) {
						return true
					}
				}
			}
			path = path[:len(path)-1]
			return false
		}
		if walk(id) {
			p.Report(s.Path, edgePos(s, path[1]), "depends_on cycle: %s", strings.Join(path, " → "))
		}
	}
}

// TestNumberedDelegationRulesMatchTheReference runs every delegation rule
// and its reference on random sets of stories (duplicate, blank, unknown
// and self references, null and absent lists, files in any order) and
// requires the same findings.
func TestNumberedDelegationRulesMatchTheReference(t *testing.T) {
	t.Parallel()
	refs := map[*Rule]func(*SetPass){dependencyNotDone: refNotDone, dependentsMismatch: refDependents,
		unknownDependency: refUnknown, duplicateStoryID: refDuplicate, dependencyCycle: refCycle}
	r := rand.New(rand.NewPCG(3, 4))
	findings := 0
	for round := range 400 {
		units := randomSet(r)
		for rule, ref := range refs {
			got, want := runSetRule(rule, rule.CheckSet, units), runSetRule(rule, ref, units)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("round %d, %s (-reference +numbered):\n%s", round, rule.ID, diff)
			}
			findings += len(got)
		}
	}
	if findings < 1000 {
		t.Fatalf("only %d findings in all rounds: the random sets do not exercise the rules", findings)
	}
}

func runSetRule(rule *Rule, check func(*SetPass), units []Unit) []diag.Diagnostic {
	var out []diag.Diagnostic
	p := &SetPass{Units: units, rule: rule, out: &out}
	check(p)
	diag.Sort(out)
	return out
}

// randomSet is 1 to 12 stories with ids, states and references drawn from
// small pools, so that duplicates, cycles and dangling references are
// common.
func randomSet(r *rand.Rand) []Unit {
	pick := func(pool ...string) string { return pool[r.IntN(len(pool))] }
	idPool := []string{"S1", "S2", "S3", "S4", "S5", "S6"}
	refPool := append([]string{"X9", "''", "' '"}, idPool...)
	list := func() string {
		switch r.IntN(5) {
		case 0:
			return "" // absent
		case 1:
			return "~"
		}
		var items []string
		for range r.IntN(4) {
			items = append(items, pick(refPool...))
		}
		return "[" + strings.Join(items, ", ") + "]"
	}
	var units []Unit
	for i := range 1 + r.IntN(12) {
		var b strings.Builder
		b.WriteString("---\n")
		if id := pick(append([]string{"", "~", "[S1]"}, idPool...)...); id != "" {
			fmt.Fprintf(&b, "id: %s\n", id)
		}
		fmt.Fprintf(&b, "state: %s\n", pick("seeded", "ready", "done", "generating", "bogus", "~"))
		for _, key := range []string{"depends_on", "dependent_stories"} {
			if l := list(); l != "" {
				fmt.Fprintf(&b, "%s: %s\n", key, l)
			}
		}
		if r.IntN(2) == 0 {
			fmt.Fprintf(&b, "parent: %s\n", pick(refPool...))
		}
		fmt.Fprintf(&b, "scope:\n  write: [%s]\n", pick("src/", "src/a/", "docs/**", "lib/"))
		b.WriteString("---\n")
		path := fmt.Sprintf("stories/%02d-%d.md", r.IntN(100), i)
		units = append(units, Unit{Head: story.Parse(path, []byte(b.String())).Slim()})
	}
	return units
}

// TestIndexResolvesAsTheIDMap: on random sets, every reference the index
// resolves (depends_on, dependent_stories, parent) names the story the id
// map of the reference names, and an unresolved one names none; so a rule
// that only swapped the map for the index (delegation/parent-scope)
// decides as before.
func TestIndexResolvesAsTheIDMap(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 6))
	for round := range 400 {
		units := randomSet(r)
		x, ids := newSetIndex(units), refByID(units)
		same := func(what string, value string, n int32) {
			want, ok := ids[value]
			switch {
			case !ok && n >= 0:
				t.Fatalf("round %d: %s %q resolved to %s, the id map has no such story", round, what, value, x.story(units, n).Path)
			case ok && (n < 0 || x.story(units, n) != want):
				t.Fatalf("round %d: %s %q resolved to %d, the id map says %s", round, what, value, n, want.Path)
			}
		}
		for i, u := range units {
			fm := u.Head.Front
			if fm == nil {
				continue
			}
			for k, d := range fm.DependsOn.Items {
				same("depends_on", d.Value, x.dependsOn[i][k])
			}
			for k, d := range fm.DependentStories.Items {
				same("dependent_stories", d.Value, x.dependents[i][k])
			}
			same("parent", fm.Parent.Value, x.parent[i])
		}
		if len(x.ids) != len(ids) {
			t.Fatalf("round %d: %d ids numbered, the id map has %d", round, len(x.ids), len(ids))
		}
	}
}
