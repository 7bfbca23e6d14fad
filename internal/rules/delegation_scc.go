package rules

import (
	"sort"

	"github.com/storygate/storygate/internal/story"
)

// cyclicComponents returns the strongly connected components of the
// depends_on graph that hold a cycle (more than one story, or one that
// depends on itself), found by Tarjan's algorithm in one pass: time linear
// in stories plus edges. Edges to ids outside the graph are ignored. The
// stories are numbered once (in id order, so the result is stable) and
// the search runs on slices, iteratively, so a dependency chain of any
// length cannot exhaust the stack.
func cyclicComponents(graph map[string][]story.Scalar) [][]string {
	ids := make([]string, 0, len(graph))
	for id := range graph {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	num := make(map[string]int32, len(ids))
	for i, id := range ids {
		num[id] = int32(i)
	}
	t := tarjan{ids: ids, edges: make([][]int32, len(ids)), index: make([]int32, len(ids)), low: make([]int32, len(ids)),
		onStack: make([]bool, len(ids))}
	for i, id := range ids {
		for _, dep := range graph[id] {
			if j, ok := num[dep.Value]; ok {
				t.edges[i] = append(t.edges[i], j)
			}
		}
	}
	for i := range ids {
		if t.index[i] == 0 {
			t.visit(int32(i))
		}
	}
	return t.cyclic
}

// tarjan is the state of one run of Tarjan's algorithm; index is 1-based
// (0: not visited yet).
type tarjan struct {
	ids     []string
	edges   [][]int32
	index   []int32
	low     []int32
	onStack []bool
	stack   []int32
	next    int32
	cyclic  [][]string
}

// frame is one node of the explicit depth-first search stack: the node
// and how many of its edges have been followed.
type frame struct {
	node, edge int32
}

func (t *tarjan) visit(root int32) {
	t.open(root)
	dfs := []frame{{node: root}}
	for len(dfs) > 0 {
		f := &dfs[len(dfs)-1]
		if edges := t.edges[f.node]; int(f.edge) < len(edges) {
			dep := edges[f.edge]
			f.edge++
			switch {
			case t.index[dep] == 0:
				t.open(dep)
				dfs = append(dfs, frame{node: dep})
			case t.onStack[dep]:
				t.low[f.node] = min(t.low[f.node], t.index[dep])
			}
			continue
		}
		node := f.node
		dfs = dfs[:len(dfs)-1]
		if len(dfs) > 0 {
			parent := dfs[len(dfs)-1].node
			t.low[parent] = min(t.low[parent], t.low[node])
		}
		if t.low[node] == t.index[node] {
			t.close(node)
		}
	}
}

// open numbers node and pushes it on the component stack.
func (t *tarjan) open(node int32) {
	t.next++
	t.index[node], t.low[node] = t.next, t.next
	t.stack = append(t.stack, node)
	t.onStack[node] = true
}

// close pops the component rooted at node, keeping it when it has a cycle.
func (t *tarjan) close(node int32) {
	var comp []string
	selfLoop := false
	for {
		top := t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
		t.onStack[top] = false
		comp = append(comp, t.ids[top])
		if top == node {
			break
		}
	}
	for _, dep := range t.edges[node] {
		selfLoop = selfLoop || dep == node
	}
	if len(comp) > 1 || selfLoop {
		t.cyclic = append(t.cyclic, comp)
	}
}
