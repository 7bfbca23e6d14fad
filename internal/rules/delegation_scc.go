package rules

import (
	"sort"

	"github.com/storygate/storygate/internal/story"
)

// cyclicComponents returns the strongly connected components of the
// depends_on graph that hold a cycle (more than one story, or one that
// depends on itself), found by Tarjan's algorithm in one pass: time linear
// in stories plus edges. Edges to ids outside the graph are ignored. The
// search is iterative, so a dependency chain of any length cannot exhaust
// the stack; nodes are visited in id order, so the result is stable.
func cyclicComponents(graph map[string][]story.Scalar) [][]string {
	t := tarjan{graph: graph, index: make(map[string]int, len(graph)), low: make(map[string]int, len(graph)),
		onStack: make(map[string]bool, len(graph))}
	ids := make([]string, 0, len(graph))
	for id := range graph {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if _, seen := t.index[id]; !seen {
			t.visit(id)
		}
	}
	return t.cyclic
}

// tarjan is the state of one run of Tarjan's algorithm.
type tarjan struct {
	graph   map[string][]story.Scalar
	index   map[string]int
	low     map[string]int
	onStack map[string]bool
	stack   []string
	next    int
	cyclic  [][]string
}

// frame is one node of the explicit depth-first search stack: the node
// and how many of its edges have been followed.
type frame struct {
	id   string
	edge int
}

func (t *tarjan) visit(root string) {
	t.open(root)
	dfs := []frame{{id: root}}
	for len(dfs) > 0 {
		f := &dfs[len(dfs)-1]
		deps := t.graph[f.id]
		if f.edge < len(deps) {
			dep := deps[f.edge].Value
			f.edge++
			if _, inGraph := t.graph[dep]; !inGraph {
				continue
			}
			if _, seen := t.index[dep]; !seen {
				t.open(dep)
				dfs = append(dfs, frame{id: dep})
			} else if t.onStack[dep] {
				t.low[f.id] = min(t.low[f.id], t.index[dep])
			}
			continue
		}
		dfs = dfs[:len(dfs)-1]
		if len(dfs) > 0 {
			parent := dfs[len(dfs)-1].id
			t.low[parent] = min(t.low[parent], t.low[f.id])
		}
		if t.low[f.id] == t.index[f.id] {
			t.close(f.id)
		}
	}
}

// open gives id its index and pushes it on the component stack.
func (t *tarjan) open(id string) {
	t.index[id], t.low[id] = t.next, t.next
	t.next++
	t.stack = append(t.stack, id)
	t.onStack[id] = true
}

// close pops the component rooted at id, keeping it when it has a cycle.
func (t *tarjan) close(id string) {
	var comp []string
	for {
		top := t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
		t.onStack[top] = false
		comp = append(comp, top)
		if top == id {
			break
		}
	}
	if len(comp) > 1 || dependsOnItself(t.graph[id], id) {
		t.cyclic = append(t.cyclic, comp)
	}
}

func dependsOnItself(deps []story.Scalar, id string) bool {
	for _, d := range deps {
		if d.Value == id {
			return true
		}
	}
	return false
}
