package stage

import (
	"sort"

	"github.com/storygate/storygate/internal/graph"
)

// uniqueStages returns one stage per slug (the first in path order), sorted
// by slug; duplicates are reported by stage/duplicate-slug and left out of
// the graph.
func uniqueStages(s *Set) []*Stage {
	by := s.BySlug()
	out := make([]*Stage, 0, len(by))
	for _, st := range by {
		out = append(out, st)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Slug < out[j].Slug })
	return out
}

// depGraph maps each slug to the sorted, de-duplicated known slugs it requires.
func depGraph(s *Set) map[string][]string {
	known := s.BySlug()
	g := map[string][]string{}
	for _, st := range uniqueStages(s) {
		seen := map[string]bool{}
		deps := []string{}
		for _, d := range st.RequiresStage {
			if known[d] != nil && !seen[d] {
				seen[d] = true
				deps = append(deps, d)
			}
		}
		sort.Strings(deps)
		g[st.Slug] = deps
	}
	return g
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// cycles returns every elementary cycle found per strongly connected
// component, each as the path start -> … -> start with start the smallest slug.
func cycles(g map[string][]string) [][]string {
	var out [][]string
	for _, comp := range cyclicComponents(g) {
		out = append(out, cycleThrough(g, comp))
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// cyclicComponents are the components of g that hold a cycle
// (graph.CyclicComponents on the stages numbered in slug order), each
// sorted. A slug g only points to has no edges of its own, so it is on
// no cycle.
func cyclicComponents(g map[string][]string) [][]string {
	slugs := sortedKeys(g)
	num := make(map[string]int32, len(slugs))
	for i, s := range slugs {
		num[s] = int32(i)
	}
	edges := make([][]int32, len(slugs))
	for i, s := range slugs {
		for _, m := range g[s] {
			if n, ok := num[m]; ok {
				edges[i] = append(edges[i], n)
			}
		}
	}
	var out [][]string
	for _, comp := range graph.CyclicComponents(edges) {
		names := make([]string, len(comp))
		for k, n := range comp {
			names[k] = slugs[n]
		}
		sort.Strings(names)
		out = append(out, names)
	}
	return out
}

// cycleThrough finds the shortest path from the component's smallest member
// back to itself, following edges in slug order so the result is stable.
func cycleThrough(g map[string][]string, comp []string) []string {
	in := map[string]bool{}
	for _, c := range comp {
		in[c] = true
	}
	start := comp[0]
	prev := map[string]string{}
	queue := []string{start}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, m := range g[n] {
			if m == start {
				return unwindCycle(prev, start, n)
			}
			if _, seen := prev[m]; !seen && in[m] {
				prev[m] = n
				queue = append(queue, m)
			}
		}
	}
	return []string{start, start}
}

func unwindCycle(prev map[string]string, start, last string) []string {
	path := []string{start}
	for n := last; n != start; n = prev[n] {
		path = append(path, n)
	}
	path = append(path, start)
	for i, j := 1, len(path)-2; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// descendants returns the stages that transitively require slug.
func descendants(g map[string][]string, slug string) map[string]bool {
	out := map[string]bool{}
	frontier := []string{slug}
	for len(frontier) > 0 {
		cur := frontier[0]
		frontier = frontier[1:]
		for _, n := range sortedKeys(g) {
			if contains(g[n], cur) && !out[n] {
				out[n] = true
				frontier = append(frontier, n)
			}
		}
	}
	return out
}

// producers maps each artifact to the sorted slugs that list it in produces
// or optional_produces.
func producers(s *Set) map[string][]string {
	out := map[string][]string{}
	for _, st := range uniqueStages(s) {
		for _, a := range unique(append(append([]string{}, st.Produces...), st.OptionalProduces...)) {
			out[a] = append(out[a], st.Slug)
		}
	}
	return out
}

// unique drops repeated strings, keeping the first occurrence's position.
func unique(list []string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, v := range list {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}
