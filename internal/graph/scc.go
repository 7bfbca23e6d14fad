// Package graph holds the graph algorithms the story set rules and the
// stage definitions share: the nodes are numbered by the caller, so the
// search runs on slices, never on maps keyed by name.
package graph

// CyclicComponents returns the strongly connected components of a
// directed graph that hold a cycle (more than one node, or one with an
// edge to itself), found by Tarjan's algorithm in one pass: time linear
// in nodes plus edges. edges[n] are the nodes node n has edges to, by
// number; -1 (a node outside the graph) is ignored. The search runs
// iteratively, so a chain of any length cannot exhaust the
// stack.
func CyclicComponents(edges [][]int32) [][]int32 {
	n := len(edges)
	t := tarjan{edges: edges, index: make([]int32, n), low: make([]int32, n), onStack: make([]bool, n)}
	for i := range n {
		if t.index[i] == 0 {
			t.visit(int32(i))
		}
	}
	return t.cyclic
}

// tarjan is the state of one run of Tarjan's algorithm; index is 1-based
// (0: not visited yet).
type tarjan struct {
	edges   [][]int32
	index   []int32
	low     []int32
	onStack []bool
	stack   []int32
	next    int32
	cyclic  [][]int32
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
			case dep < 0:
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
	var comp []int32
	selfLoop := false
	for {
		top := t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
		t.onStack[top] = false
		comp = append(comp, top)
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
