package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/storygate/storygate/internal/story"
)

// TestComponentsFindTheCyclesTheWholeGraphSearchFound holds the component
// search to the search it replaced on random graphs (self-loops, repeated
// edges and ids outside the graph included): the same stories are on a
// cycle, each with the same path.
func TestComponentsFindTheCyclesTheWholeGraphSearchFound(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 500 {
		n := 1 + r.IntN(25)
		graph := map[string][]story.Scalar{}
		for i := range n {
			var deps []story.Scalar
			for range r.IntN(4) {
				deps = append(deps, story.Scalar{Value: fmt.Sprintf("S%d", r.IntN(n+3))}) // S(n..n+2) are unknown
			}
			graph[fmt.Sprintf("S%d", i)] = deps
		}
		// The search of the whole graph the rule made before components:
		// every id may be walked through.
		everything := map[string]bool{}
		for id := range graph {
			everything[id] = true
		}
		want := map[string][]string{}
		for id := range graph {
			if c := cycleThrough(graph, id, everything); c != nil {
				want[id] = c
			}
		}
		got := map[string][]string{}
		for _, comp := range cyclicComponents(graph) {
			in := map[string]bool{}
			for _, id := range comp {
				in[id] = true
			}
			for _, id := range comp {
				if _, dup := got[id]; dup {
					t.Fatalf("round %d: %s in two components", round, id)
				}
				got[id] = cycleThrough(graph, id, in)
			}
		}
		if len(got) != len(want) {
			t.Fatalf("round %d: %d stories on cycles, want %d (graph %v)", round, len(got), len(want), graph)
		}
		for id, c := range want {
			if !slices.Equal(got[id], c) {
				t.Fatalf("round %d: cycle through %s is %v, want %v (graph %v)", round, id, got[id], c, graph)
			}
		}
	}
}

// TestComponentsOfALongChain: a chain of 20,000 stories has no cycle and
// does not exhaust the stack; closing it into a ring makes one component.
func TestComponentsOfALongChain(t *testing.T) {
	t.Parallel()
	const n = 20000
	graph := make(map[string][]story.Scalar, n)
	for i := range n {
		var deps []story.Scalar
		if i > 0 {
			deps = []story.Scalar{{Value: fmt.Sprintf("S%d", i-1)}}
		}
		graph[fmt.Sprintf("S%d", i)] = deps
	}
	if c := cyclicComponents(graph); len(c) != 0 {
		t.Fatalf("a chain has %d cyclic components", len(c))
	}
	graph["S0"] = []story.Scalar{{Value: fmt.Sprintf("S%d", n-1)}}
	if c := cyclicComponents(graph); len(c) != 1 || len(c[0]) != n {
		t.Fatalf("a ring: %d components", len(c))
	}
}
