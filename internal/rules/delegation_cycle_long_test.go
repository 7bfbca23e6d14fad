package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/graph"
	"github.com/storygate/storygate/internal/story"
)

// TestLongCyclesAreValidClosedPaths: in random graphs whose components
// are larger than the exact search takes, the cycle found for every story
// of a component is a closed path through it along depends_on edges that
// stays in the component, and what a message names is its two ends.
func TestLongCyclesAreValidClosedPaths(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 8))
	checked := 0
	for round := range 60 {
		n := exactCycleLimit + 1 + r.IntN(200)
		edges := make([][]int32, n)
		for i := range edges {
			edges[i] = append(edges[i], int32((i+1)%n)) // a ring, so one large component
			for range r.IntN(3) {
				edges[i] = append(edges[i], int32(r.IntN(n+2)))
			}
			for k, e := range edges[i] {
				if int(e) >= n {
					edges[i][k] = -1
				}
			}
		}
		search := newCycleSearch(edges)
		for _, comp := range graph.CyclicComponents(edges) {
			if len(comp) <= exactCycleLimit {
				continue
			}
			search.within(comp)
			walks := search.walksFrom(comp)
			for _, v := range comp {
				path := walks.full(search, v)
				requireClosedPath(t, round, edges, search, v, path)
				requireEnds(t, round, walks.shown(search, v), path)
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d stories checked", checked)
	}
}

// requireEnds: what is shown of path is all of it when it is short,
// else a head of at most shownHops steps and a tail of as many, with the
// length counted.
func requireEnds(t *testing.T, round int, got cycleShown, path []int32) {
	t.Helper()
	steps := len(path) - 1
	switch {
	case got.steps != steps:
		t.Fatalf("round %d: %d steps counted for %v", round, got.steps, path)
	case got.tail == nil && !slices.Equal(got.head, path):
		t.Fatalf("round %d: shown whole as %v, but the path is %v", round, got.head, path)
	case got.tail == nil && steps > 2*shownHops:
		t.Fatalf("round %d: a path of %d steps shown whole", round, steps)
	case got.tail != nil && (len(got.head) > shownHops+1 || len(got.tail) > shownHops+1 || len(got.head) < 2 ||
		!slices.Equal(path[:len(got.head)], got.head) || !slices.Equal(path[len(path)-len(got.tail):], got.tail)):
		t.Fatalf("round %d: shown %v … %v, not the two ends of %v", round, got.head, got.tail, path)
	}
}

func requireClosedPath(t *testing.T, round int, edges [][]int32, c *cycleSearch, v int32, path []int32) {
	t.Helper()
	if len(path) < 2 || path[0] != v || path[len(path)-1] != v {
		t.Fatalf("round %d: path %v is not closed through %d", round, path, v)
	}
	for i := 0; i+1 < len(path); i++ {
		if !c.inComponent(path[i]) || !slices.Contains(edges[path[i]], path[i+1]) {
			t.Fatalf("round %d: %d → %d in %v is not a depends_on edge of the component", round, path[i], path[i+1], path)
		}
	}
}

// TestARingIsReportedInLinearSpace: every story of a 3,000-story ring is
// on a cycle, each message names its own first dependency and at most
// 2·shownHops+1 stories, and counts the steps; a 5-story ring is shown
// whole, as the exact search shows it.
func TestARingIsReportedInLinearSpace(t *testing.T) {
	t.Parallel()
	for _, n := range []int{5, 3000} {
		units := make([]Unit, n)
		for i := range units {
			src := fmt.Sprintf("---\nid: S%04d\nstate: ready\ndepends_on: [S%04d]\n---\n", i, (i+1)%n)
			units[i] = Unit{Head: story.Parse(fmt.Sprintf("stories/%d.md", i), []byte(src)).Slim()}
		}
		var out []diag.Diagnostic
		dependencyCycle.CheckSet(&SetPass{Units: units, rule: dependencyCycle, out: &out})
		if len(out) != n {
			t.Fatalf("ring of %d: %d findings", n, len(out))
		}
		for _, d := range out {
			i := 0
			fmt.Sscanf(d.File, "stories/%d.md", &i)
			msg := strings.TrimPrefix(d.Message, "depends_on cycle: ")
			if !strings.HasPrefix(msg, fmt.Sprintf("S%04d → S%04d", i, (i+1)%n)) {
				t.Fatalf("ring of %d, %s: %q does not start with the story and its dependency", n, d.File, d.Message)
			}
			if n == 5 && strings.Count(msg, "→") != 5 {
				t.Fatalf("a 5-story ring is not shown whole: %q", d.Message)
			}
			named := len(strings.Split(msg, " → ")) - 1 // the "…" is not a story
			if n > exactCycleLimit && (named > 2*(shownHops+1) || !strings.Contains(msg, fmt.Sprintf("(%d steps", n))) {
				t.Fatalf("ring of %d: %q is not cut to its ends with the count", n, d.Message)
			}
		}
	}
}
