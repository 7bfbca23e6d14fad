package graph

import "testing"

// TestComponentsOfALongChain: a chain of 20,000 stories has no cycle and
// does not exhaust the stack; closing it into a ring makes one component.
func TestComponentsOfALongChain(t *testing.T) {
	t.Parallel()
	const n = 20000
	edges := make([][]int32, n)
	for i := 1; i < n; i++ {
		edges[i] = []int32{int32(i - 1)}
	}
	if c := CyclicComponents(edges); len(c) != 0 {
		t.Fatalf("a chain has %d cyclic components", len(c))
	}
	edges[0] = []int32{n - 1}
	if c := CyclicComponents(edges); len(c) != 1 || len(c[0]) != n {
		t.Fatalf("a ring: %d components", len(c))
	}
}
