package rules

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/storygate/storygate/internal/graph"
)

// TestComponentsFindTheCyclesTheWholeGraphSearchFound holds the component
// search to the search it replaced on random graphs (self-loops, repeated
// edges and ids outside the graph, -1, included): the same stories are on
// a cycle, each with the same path.
func TestComponentsFindTheCyclesTheWholeGraphSearchFound(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 500 {
		n := 1 + r.IntN(25)
		edges := make([][]int32, n)
		for i := range edges {
			for range r.IntN(4) {
				edges[i] = append(edges[i], int32(r.IntN(n+3))) // n..n+2 become -1: unknown
			}
			for k, e := range edges[i] {
				if int(e) >= n {
					edges[i][k] = -1
				}
			}
		}
		// The search of the whole graph the rule made before components:
		// every story may be walked through.
		whole := newCycleSearch(edges)
		all := make([]int32, n)
		for i := range all {
			all[i] = int32(i)
		}
		whole.within(all)
		want := map[int32][]int32{}
		for i := range int32(n) {
			if c := whole.through(i); c != nil {
				want[i] = c
			}
		}
		got := map[int32][]int32{}
		search := newCycleSearch(edges)
		for _, comp := range graph.CyclicComponents(edges) {
			search.within(comp)
			for _, i := range comp {
				if _, dup := got[i]; dup {
					t.Fatalf("round %d: %d in two components", round, i)
				}
				got[i] = search.through(i)
			}
		}
		if len(got) != len(want) {
			t.Fatalf("round %d: %d stories on cycles, want %d (edges %v)", round, len(got), len(want), edges)
		}
		for i, c := range want {
			if !slices.Equal(got[i], c) {
				t.Fatalf("round %d: cycle through %d is %v, want %v (edges %v)", round, i, got[i], c, edges)
			}
		}
	}
}
