package stage

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// displayOrders computes <phase-prefix>.<sequence> for every stage with a
// known phase, as the reference engine numbers a host set with plugins
// composed into it. The host stages (no plugin:) come first: a topological
// sort of their requires_stage edges within the phase, ties broken
// slug-alphabetically. The plugin stages follow, numbered from the next
// free index in the phase: a topological sort of their own edges, ties
// broken by the index of their authored number: hint (its absolute value
// is never used), then by slug. Stages caught in a cycle follow the rest of
// their batch, so the result stays total even for a broken set.
func displayOrders(s *Set) map[string]string {
	g := depGraph(s)
	out := map[string]string{}
	for prefix, phase := range Phases {
		host, plugin := phaseBatches(s, phase)
		order := append(batchOrder(g, host), batchOrder(g, plugin)...)
		for i, st := range order {
			out[st.Slug] = fmt.Sprintf("%d.%d", prefix, i+1)
		}
	}
	return out
}

// phaseBatches splits a phase's stages into host and plugin stages, each
// sorted by its tie-break: host stages by slug, plugin stages by number:
// hint, then slug.
func phaseBatches(s *Set, phase string) (host, plugin []*Stage) {
	for _, st := range uniqueStages(s) {
		switch {
		case st.Phase != phase:
		case st.Plugin == "":
			host = append(host, st)
		default:
			plugin = append(plugin, st)
		}
	}
	sort.SliceStable(plugin, func(i, j int) bool { return numberHint(plugin[i]) < numberHint(plugin[j]) })
	return host, plugin
}

// numberHint is the index after the dot of an authored number: ("3.85"
// gives 85); a stage without a usable one sorts after every hinted stage.
func numberHint(st *Stage) int {
	_, idx, ok := strings.Cut(st.Number, ".")
	n, err := strconv.Atoi(idx)
	if !ok || err != nil || n < 0 {
		return math.MaxInt
	}
	return n
}

// batchOrder is Kahn's algorithm over the batch's edges among themselves:
// it repeatedly emits the first ready stage in tie-break order.
func batchOrder(g map[string][]string, batch []*Stage) []*Stage {
	in := map[string]bool{}
	for _, st := range batch {
		in[st.Slug] = true
	}
	waiting := map[string]int{}
	for _, st := range batch {
		for _, d := range g[st.Slug] {
			if in[d] {
				waiting[st.Slug]++
			}
		}
	}
	var order []*Stage
	done := map[string]bool{}
	for len(order) < len(batch) {
		next := firstReady(batch, done, waiting)
		if next == nil {
			return appendRest(order, batch, done)
		}
		done[next.Slug] = true
		order = append(order, next)
		for _, st := range batch {
			if contains(g[st.Slug], next.Slug) {
				waiting[st.Slug]--
			}
		}
	}
	return order
}

func firstReady(batch []*Stage, done map[string]bool, waiting map[string]int) *Stage {
	for _, st := range batch {
		if !done[st.Slug] && waiting[st.Slug] == 0 {
			return st
		}
	}
	return nil
}

func appendRest(order, batch []*Stage, done map[string]bool) []*Stage {
	for _, st := range batch {
		if !done[st.Slug] {
			order = append(order, st)
		}
	}
	return order
}
