package rules

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/graph"
	"github.com/storygate/storygate/internal/story"
)

var dependencyCycle = &Rule{Rule: catalog.Must("delegation/cycle"),
	CheckSet: func(p *SetPass) {
		x := p.storyIndex()
		edges := make([][]int32, len(x.ids)) // the depends_on of each id's story
		for n, i := range x.holder {
			edges[n] = x.dependsOn[i]
		}
		// A story is on a cycle exactly when its strongly connected
		// component has one, and every path back to it stays inside that
		// component: one pass over the graph finds them, and the search for
		// each story's cycle never leaves its component (a fresh search of
		// the whole graph per story cost 15.7 CPU s on a 10,000-story chain).
		// A large component is searched once for all its stories
		// (delegation_cycle_long.go), so a long ring costs linear time.
		search := newCycleSearch(edges)
		for _, comp := range graph.CyclicComponents(edges) {
			search.within(comp)
			var walks *rootWalks
			if len(comp) > exactCycleLimit {
				walks = search.walksFrom(comp)
			}
			for _, n := range comp {
				var shown cycleShown
				if walks != nil {
					shown = walks.shown(search, n)
				} else {
					shown = cycleShown{head: search.through(n)}
				}
				s := x.story(p.Units, n)
				p.Report(s.Path, edgePos(s, x.ids[shown.head[1]]), "depends_on cycle: %s", x.cycleText(shown))
			}
		}
	}}

// cycleText names the stories of a cycle, with the steps a long one
// leaves out marked and counted.
func (x *setIndex) cycleText(c cycleShown) string {
	names := func(ns []int32) string {
		out := make([]string, len(ns))
		for i, n := range ns {
			out[i] = x.ids[n]
		}
		return strings.Join(out, " → ")
	}
	if c.tail == nil {
		return names(c.head)
	}
	return fmt.Sprintf("%s → … → %s (%d steps, the middle left out)", names(c.head), names(c.tail), c.steps)
}

// cycleSearch finds, for a story on a cycle, the first dependency path in
// depends_on order from it back to it through the stories of its
// component. Its marks are generation numbers, so no search clears them.
type cycleSearch struct {
	edges [][]int32
	// in[n] == comp: n is in the component of this generation;
	// visited[n] == walk: n was reached by the current search.
	in, visited []int32
	comp, walk  int32
	// next, prev, toR, fromR are rootWalks' slices, allocated for the
	// first large component and shared by the later ones.
	next, prev, toR, fromR []int32
}

func newCycleSearch(edges [][]int32) *cycleSearch {
	return &cycleSearch{edges: edges, in: make([]int32, len(edges)), visited: make([]int32, len(edges))}
}

// within confines the following searches to comp.
func (c *cycleSearch) within(comp []int32) {
	c.comp++
	for _, n := range comp {
		c.in[n] = c.comp
	}
}

// through returns the cycle from start back to start (nil when there is
// none), as story numbers.
func (c *cycleSearch) through(start int32) []int32 {
	c.walk++
	var path []int32
	var walk func(n int32) bool
	walk = func(n int32) bool {
		path = append(path, n)
		for _, dep := range c.edges[n] {
			if dep == start {
				path = append(path, start)
				return true
			}
			if dep >= 0 && c.in[dep] == c.comp && c.visited[dep] != c.walk {
				c.visited[dep] = c.walk
				if walk(dep) {
					return true
				}
			}
		}
		path = path[:len(path)-1]
		return false
	}
	if walk(start) {
		return path
	}
	return nil
}

// edgePos is the position of the depends_on item naming next.
func edgePos(s *story.Story, next string) story.Pos {
	for _, d := range s.Front.DependsOn.Items {
		if d.Value == next {
			return d.Pos
		}
	}
	return s.Front.KeyPos("depends_on")
}
