package collect

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
	"github.com/storygate/storygate/internal/verify"
)

// guardedStory is the done STORY-001 renamed to id, whose V1 passes only
// while src/orders/x.go does not say BROKEN; exclude is added to its
// scope.exclude when not empty. Its scope.write covers src/orders/.
func guardedStory(t *testing.T, id, exclude string) string {
	s := strings.Replace(doneStory(t, "p95_ok"), `command: "true"`, `command: "! grep -q BROKEN src/orders/x.go"`, 1)
	if exclude != "" {
		s = strings.Replace(s, "    - .git/\n", "    - .git/\n    - "+exclude+"\n", 1)
	}
	return strings.ReplaceAll(s, "STORY-001", id)
}

// impactedRepo commits stories (path → story) and the orders code as the
// base, then the change (files written, and removed) as the head; it
// returns the repository and the base.
func impactedRepo(t *testing.T, stories, change map[string]string, remove ...string) (*testrepo.Repo, string) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{"src/orders/x.go": "package orders\n", "src/orders/y.go": "package orders\n", "docs/notes.md": "notes\n"})
	repo.Write(stories)
	base := repo.Commit("accepted work")
	repo.Write(change)
	for _, p := range remove {
		repo.Remove(p)
	}
	repo.Commit("the change")
	return repo, base
}

// TestImpactedStoriesAreRerun: a change that touches no story but edits
// code a done story's scope.write covers reruns that story's verification;
// a rerun that fails is verify/accepted-work-broken naming the story and
// the path, one that passes is success, and a change no scope covers (or
// one its scope.exclude takes out) reruns nothing.
func TestImpactedStoriesAreRerun(t *testing.T) {
	cases := []struct {
		name    string
		exclude string
		change  map[string]string
		remove  string
		want    gate.Conclusion
		checked int
		broken  bool
	}{
		{"the change breaks the accepted work", "", map[string]string{"src/orders/x.go": "package orders // BROKEN\n"}, "", gate.Failure, 2, true},
		{"the change keeps it passing", "", map[string]string{"src/orders/x.go": "package orders // faster\n"}, "", gate.Success, 2, false},
		{"a deletion reaches it too", "", nil, "src/orders/y.go", gate.Success, 2, false},
		{"a path no scope covers", "", map[string]string{"docs/notes.md": "BROKEN\n"}, "", gate.Neutral, 0, false},
		{"a path scope.exclude takes out", "src/orders/gen/", map[string]string{"src/orders/gen/z.go": "package gen\n"}, "", gate.Neutral, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var remove []string
			if c.remove != "" {
				remove = append(remove, c.remove)
			}
			repo, base := impactedRepo(t, map[string]string{"stories/STORY-001.md": guardedStory(t, "STORY-001", c.exclude)}, c.change, remove...)
			res := runGate(t, repo, base, Options{Environ: []string{"PATH=" + os.Getenv("PATH")}})
			g, _ := res.Gate(gate.Verify)
			if got := reruns(res); g.Conclusion != c.want || got != c.checked {
				t.Fatalf("verify = %s with %d reruns, want %s with %d: %+v", g.Conclusion, got, c.want, c.checked, g)
			}
			var rules []string
			for _, d := range g.Diagnostics {
				rules = append(rules, d.Rule)
			}
			if !c.broken {
				if len(rules) != 0 {
					t.Errorf("findings %v on a change that breaks nothing", rules)
				}
				return
			}
			if len(g.Diagnostics) != 1 || rules[0] != verify.RuleAcceptedWorkBroken {
				t.Fatalf("findings %v, want one %s (and no verify/failed or mismatch blaming the story)", rules, verify.RuleAcceptedWorkBroken)
			}
			d := g.Diagnostics[0]
			if d.File != "stories/STORY-001.md" || !strings.Contains(d.Message, "STORY-001 (done)") || !strings.Contains(d.Message, "src/orders/x.go") {
				t.Errorf("the finding must name the story and the changed path: %+v", d)
			}
			if !strings.Contains(g.Title, "1 story the change reaches but does not touch rerun") || strings.Contains(g.Title, "left to") {
				t.Errorf("title %q", g.Title)
			}
		})
	}
}

// TestImpactedRerunsAreCapped: with verify.max_impacted N and N+k stories
// the change reaches, the first N (by path) are rerun and the title and
// detail say k were left to the scheduled re-verification; 0 reruns none.
func TestImpactedRerunsAreCapped(t *testing.T) {
	cases := []struct{ limit, stories, rerun int }{
		{1, 3, 1},
		{2, 3, 2},
		{3, 3, 3},
		{0, 2, 0},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d of %d", c.limit, c.stories), func(t *testing.T) {
			stories := map[string]string{}
			for i := 0; i < c.stories; i++ {
				id := fmt.Sprintf("STORY-1%02d", i)
				stories["stories/"+id+".md"] = guardedStory(t, id, "")
			}
			repo, base := impactedRepo(t, stories, map[string]string{"src/orders/x.go": "package orders // BROKEN\n"})
			cfg := config.Default()
			cfg.Verify.MaxImpacted = c.limit
			res := runGateWith(t, repo.Root, base, cfg, Options{Environ: []string{"PATH=" + os.Getenv("PATH")}})
			g, _ := res.Gate(gate.Verify)
			broken := map[string]bool{}
			for _, d := range g.Diagnostics {
				if d.Rule == verify.RuleAcceptedWorkBroken {
					broken[d.File] = true
				}
			}
			if got := reruns(res); len(broken) != c.rerun || got != 2*c.rerun {
				t.Fatalf("%d stories broken in %d reruns, want %d in %d: %+v", len(broken), got, c.rerun, 2*c.rerun, g)
			}
			for i := 0; i < c.rerun; i++ {
				if p := fmt.Sprintf("stories/STORY-1%02d.md", i); !broken[p] {
					t.Errorf("%s is not among the first %d by path: %v", p, c.limit, broken)
				}
			}
			left := c.stories - c.rerun
			saysLeft := fmt.Sprintf("%d more left to the scheduled re-verification (verify.max_impacted: %d)", left, c.limit)
			detailLeft := fmt.Sprintf("%d not rerun here", left)
			if got := strings.Contains(g.Title, saysLeft) && strings.Contains(g.Detail, detailLeft); got != (left > 0) {
				t.Errorf("left %d: title %q, detail %q", left, g.Title, g.Detail)
			}
		})
	}
}

// TestFilterAllNamesNoImpactedStory: in the all mode every story is rerun
// already, and a failure there is the story's own verify/failed.
func TestFilterAllNamesNoImpactedStory(t *testing.T) {
	repo, base := impactedRepo(t, map[string]string{"stories/STORY-001.md": guardedStory(t, "STORY-001", "")},
		map[string]string{"src/orders/x.go": "package orders // BROKEN\n"})
	res := runGate(t, repo, base, Options{Filter: config.FilterAll, Environ: []string{"PATH=" + os.Getenv("PATH")}})
	g, _ := res.Gate(gate.Verify)
	if g.Conclusion != gate.Failure || strings.Contains(g.Title, "reaches") {
		t.Errorf("verify in the all mode: %+v", g)
	}
	for _, d := range g.Diagnostics {
		if d.Rule == verify.RuleAcceptedWorkBroken {
			t.Errorf("the all mode reran the story as its own, not as impacted: %+v", d)
		}
	}
}

// TestAcceptedWorkBrokenFollowsTheConfiguredSeverity: the finding goes
// through the run's findings pipeline, so rules: can make it advisory (a
// warning: verify no longer fails) or leave it an error.
func TestAcceptedWorkBrokenFollowsTheConfiguredSeverity(t *testing.T) {
	for _, c := range []struct {
		severity string
		want     gate.Conclusion
	}{{"error", gate.Failure}, {"warning", gate.Success}} {
		t.Run(c.severity, func(t *testing.T) {
			repo, base := impactedRepo(t, map[string]string{"stories/STORY-001.md": guardedStory(t, "STORY-001", "")},
				map[string]string{"src/orders/x.go": "package orders // BROKEN\n"})
			cfg := config.Default()
			cfg.Rules[verify.RuleAcceptedWorkBroken] = c.severity
			res := runGateWith(t, repo.Root, base, cfg, Options{Environ: []string{"PATH=" + os.Getenv("PATH")}})
			g, _ := res.Gate(gate.Verify)
			if g.Conclusion != c.want || len(g.Diagnostics) != 1 || g.Diagnostics[0].Severity.String() != c.severity {
				t.Errorf("verify with %s: %s, %+v", c.severity, g.Conclusion, g.Diagnostics)
			}
		})
	}
}
