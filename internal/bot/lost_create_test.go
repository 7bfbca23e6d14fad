package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// seedEarlierRun posts what an earlier run (id 98) left on the head: a
// successful check run per gate, with the external_id this version gives
// it or, when old, the one versions before run keys gave every run.
func (h *harness) seedEarlierRun(old bool) {
	h.t.Helper()
	a, err := github.NewAdapter(github.Config{BaseURL: h.fake.URL, Token: h.fake.Token})
	if err != nil {
		h.t.Fatal(err)
	}
	for name := range gateChecks {
		id, ok := gate.ParseCheckName(name)
		if !ok {
			h.t.Fatalf("%q is not a check name", name)
		}
		key := id.RunExternalID(gate.Run{ID: "98", Attempt: "1"}, h.head)
		if old {
			key = id.ExternalID()
		}
		run := github.CheckRun{Name: name, HeadSHA: h.head, ExternalID: key, Status: github.StatusCompleted, Conclusion: github.ConclusionSuccess,
			DetailsURL: "https://github.com/" + prRepo + "/actions/runs/98", Output: github.CheckOutput{Title: "passed", Summary: "run 98"}}
		if _, err := a.CreateCheckRun(context.Background(), prRepoRef(), run); err != nil {
			h.t.Fatal(err)
		}
	}
}

func prRepoRef() github.Repo {
	owner, name, _ := strings.Cut(prRepo, "/")
	return github.Repo{Owner: owner, Name: name}
}

// latestOfEachName is GitHub's latest check run of each name on the head
// (the highest ID), the one branch protection reads.
func (h *harness) latestOfEachName() map[string]githubtest.CheckRun {
	latest := map[string]githubtest.CheckRun{}
	for _, c := range h.fake.CheckRuns() {
		if c.HeadSHA == h.head && c.ID > latest[c.Name].ID {
			latest[c.Name] = c
		}
	}
	return latest
}

// TestARerunWhoseCreateIsLostPostsItsOwnVerdict: run 98 passed on the
// head; run 99 on the same head fails, and its check-run create is lost
// before GitHub applies it (a reset, a 500), or applied only after the
// client gave up. Run 98's check run has the same name and, before run
// keys, the same external_id: the retry must not take it for run 99's.
// GitHub's latest check run of each name is run 99's, with run 99's
// verdict, and the job exits 1 as that verdict says. The control has no
// fault.
func TestARerunWhoseCreateIsLostPostsItsOwnVerdict(t *testing.T) {
	t.Parallel()
	faults := []struct {
		name   string
		inject func(f *githubtest.Server)
	}{
		{"control", func(*githubtest.Server) {}},
		{"reset before applied", func(f *githubtest.Server) { f.Inject("POST", checkRunsRoute, githubtest.Reset, 1) }},
		{"500 before applied", func(f *githubtest.Server) { f.Inject("POST", checkRunsRoute, githubtest.Unapplied500, 1) }},
		{"applied late", func(f *githubtest.Server) { f.InjectAppliedLate("POST", checkRunsRoute, 1) }},
	}
	for _, old := range []bool{false, true} {
		for _, fault := range faults {
			t.Run(fmt.Sprintf("%s/earlier run keyed old=%v", fault.name, old), func(t *testing.T) {
				h := newHarness(t)
				h.event("pull_request", "pull_request.opened")
				h.seedEarlierRun(old)
				fault.inject(h.fake)
				r := &run{id: "99"}
				if got := h.runAs(r, github.Timeouts{Request: 300 * time.Millisecond}); got != failed {
					t.Fatalf("got %s, want failed (exit 1)\n%s", got, r.stderr.String())
				}
				h.checkOneRunPerGate("99")
				for name, c := range h.latestOfEachName() {
					if c.Conclusion != gateChecks[name] || !strings.HasSuffix(c.DetailsURL, "/runs/99") || !strings.Contains(c.ExternalID, " run=99.") {
						t.Errorf("latest %s is %s of %s (%s), want run 99's %s", name, c.Conclusion, c.DetailsURL, c.ExternalID, gateChecks[name])
					}
				}
				if n := len(h.fake.CheckRuns()); n != 2*len(gateChecks) {
					t.Errorf("%d check runs, want run 98's and run 99's, one per gate each", n)
				}
			})
		}
	}
}
