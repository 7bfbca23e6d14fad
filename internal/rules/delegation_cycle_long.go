package rules

// A cycle through every story of a large component, in linear time.
//
// The exact search (cycleSearch.through) walks the component once per
// story, and each message lists the whole cycle: on a ring of n stories
// that is n² steps and n² ids of output (a 3,000-story ring made 82 MB of
// messages). A component larger than exactCycleLimit is instead searched
// twice from its first story by number, r: a shortest path from every
// story to r and one from r to every story. The cycle shown for a story v
// is the closed path v → … → r → … → v (it may pass a story twice where
// the two paths meet; for r, r's first dependency in the component and
// the way back), of which a message names the first and the last
// shownHops steps and the number of steps.

// exactCycleLimit is the largest component whose cycles are found by the
// exact search.
const exactCycleLimit = 32

// shownHops is how many steps of a long cycle a message names at each end.
const shownHops = 4

// rootWalks are the two breadth-first searches of one component from r,
// in slices indexed by story number (only the component's entries mean
// anything).
type rootWalks struct {
	r int32
	// next[v] follows v on a shortest path from v to r, toR[v] is that
	// path's length; prev[v] precedes v on a shortest path from r to v,
	// fromR[v] is that path's length.
	next, prev, toR, fromR []int32
}

// cycleShown is the part of one cycle a message names: head, then (when
// tail is not nil) the steps left out, then tail; steps is its length.
type cycleShown struct {
	head, tail []int32
	steps      int
}

// walksFrom searches comp, the component c is confined to (within), from
// its first story by number.
func (c *cycleSearch) walksFrom(comp []int32) *rootWalks {
	if c.next == nil {
		n := len(c.edges)
		c.next, c.prev, c.toR, c.fromR = make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
	}
	w := &rootWalks{r: comp[0], next: c.next, prev: c.prev, toR: c.toR, fromR: c.fromR}
	reverse := make(map[int32][]int32, len(comp)) // the component's edges turned round
	for _, u := range comp {
		w.r = min(w.r, u)
		for _, v := range c.edges[u] {
			if c.inComponent(v) {
				reverse[v] = append(reverse[v], u)
			}
		}
	}
	c.bfs(w.r, comp, func(u int32) []int32 { return reverse[u] }, w.next, w.toR)
	c.bfs(w.r, comp, func(u int32) []int32 { return c.edges[u] }, w.prev, w.fromR)
	return w
}

func (c *cycleSearch) inComponent(n int32) bool { return n >= 0 && c.in[n] == c.comp }

// bfs fills dist and link for comp, searching from r along step: link[v]
// is the story v was reached from.
func (c *cycleSearch) bfs(r int32, comp []int32, step func(int32) []int32, link, dist []int32) {
	for _, n := range comp {
		dist[n] = -1
	}
	dist[r], link[r] = 0, -1
	for queue := []int32{r}; len(queue) > 0; queue = queue[1:] {
		u := queue[0]
		for _, v := range step(u) {
			if c.inComponent(v) && dist[v] == -1 {
				dist[v], link[v] = dist[u]+1, u
				queue = append(queue, v)
			}
		}
	}
}

// shown is the cycle through v to name: at most shownHops steps from each
// end, so finding it costs O(shownHops) for every story but r.
func (w *rootWalks) shown(c *cycleSearch, v int32) cycleShown {
	if v == w.r || int(w.toR[v]+w.fromR[v]) <= 2*shownHops {
		return cut(w.full(c, v))
	}
	head := []int32{v}
	for n := v; len(head) <= shownHops && n != w.r; {
		n = w.next[n]
		head = append(head, n)
	}
	tail := []int32{v}
	for n := v; len(tail) <= shownHops && n != w.r; {
		n = w.prev[n]
		tail = append(tail, n)
	}
	for i, j := 0, len(tail)-1; i < j; i, j = i+1, j-1 {
		tail[i], tail[j] = tail[j], tail[i]
	}
	return cycleShown{head: head, tail: tail, steps: int(w.toR[v] + w.fromR[v])}
}

// full is the whole closed path through v, v first and last: O(its length).
func (w *rootWalks) full(c *cycleSearch, v int32) []int32 {
	start := v
	if v == w.r { // r's first dependency in the component, then back to r
		for _, d := range c.edges[v] {
			if c.inComponent(d) {
				start = d
				break
			}
		}
	}
	path := []int32{v}
	if v == w.r {
		path = append(path, start)
	}
	for n := start; n != w.r; {
		n = w.next[n]
		path = append(path, n)
	}
	var back []int32 // r to v, without r
	for n := v; n != w.r && v != w.r; n = w.prev[n] {
		back = append(back, n)
	}
	for i := len(back) - 1; i >= 0; i-- {
		path = append(path, back[i])
	}
	return path
}

// cut keeps a whole cycle when it is short, else its two ends.
func cut(path []int32) cycleShown {
	steps := len(path) - 1
	if steps <= 2*shownHops {
		return cycleShown{head: path, steps: steps}
	}
	return cycleShown{head: path[:shownHops+1], tail: path[len(path)-shownHops-1:], steps: steps}
}
