package bot

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// gateChecks are the conclusions a pull_request run on the harness's head
// must end with: STORY-003 has errors, nothing is re-verified.
var gateChecks = map[string]string{"storygate / stories": "failure", "storygate / verify": "neutral", "storygate / revert-check": "neutral"}

const (
	checkRunsRoute   = "/repos/{owner}/{repo}/check-runs"
	commentsRoute    = "/repos/{owner}/{repo}/issues/{issue_number}/comments"
	oneCommentRoute  = "/repos/{owner}/{repo}/issues/comments/{comment_id}"
	checkRunsForHead = "/repos/{owner}/{repo}/commits/{ref}/check-runs"
	oneCheckRunRoute = "/repos/{owner}/{repo}/check-runs/{check_run_id}"
)

// run is one gate run of its own (its own run id, results file and
// streams) on the harness's repository and fake, so that several can run
// at once.
type run struct {
	id             string
	stdout, stderr bytes.Buffer
}

func (h *harness) runAs(r *run, timeouts github.Timeouts) status {
	return h.runEvent(r, timeouts, h.env["GITHUB_EVENT_NAME"], h.env["GITHUB_EVENT_PATH"])
}

// noWaiting is the retry policy of the tests' runs: the default, but its
// backoffs and patient looks do not wait, so a fault costs no time.
func noWaiting() github.RetryPolicy {
	return github.RetryPolicy{Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() }}
}

// checkOneRunPerGate fails unless the run with details URL …/runs/id left
// exactly one check run per gate on the head, with the right conclusion.
func (h *harness) checkOneRunPerGate(id string) {
	h.t.Helper()
	got := map[string][]string{}
	for _, c := range h.fake.CheckRuns() {
		if strings.HasSuffix(c.DetailsURL, "/actions/runs/"+id) && c.HeadSHA == h.head {
			got[c.Name] = append(got[c.Name], c.Conclusion)
		}
	}
	for name, want := range gateChecks {
		if len(got[name]) != 1 || got[name][0] != want {
			h.t.Errorf("run %s: %s check runs %v, want exactly one %s", id, name, got[name], want)
		}
	}
	if len(got) != len(gateChecks) {
		h.t.Errorf("run %s: check runs %v, want only %v", id, got, gateChecks)
	}
}

func (h *harness) checkOneSticky() {
	h.t.Helper()
	comments := h.fake.Comments(prRepo, prNumber)
	if len(comments) != 1 || !strings.Contains(comments[0].Body, "STORY-003") {
		h.t.Errorf("comments = %d, want exactly one sticky comment with the report", len(comments))
	}
}

// TestGateRunUnderTransportFaults injects each fault into each kind of
// request a gate run sends: the run still ends with one check run per
// gate, one sticky comment, the right conclusions and exit code 1.
func TestGateRunUnderTransportFaults(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		method, route string
		fault         githubtest.Fault
	}{
		{"POST", checkRunsRoute, githubtest.Reset},
		{"POST", checkRunsRoute, githubtest.Hang},
		{"POST", checkRunsRoute, githubtest.AppliedThen5xx},
		{"POST", checkRunsRoute, githubtest.AppliedThenReset},
		{"GET", checkRunsForHead, githubtest.Reset},
		{"GET", commentsRoute, githubtest.Reset},
		{"GET", commentsRoute, githubtest.Hang},
		{"POST", commentsRoute, githubtest.Reset},
		{"POST", commentsRoute, githubtest.Hang},
		{"POST", commentsRoute, githubtest.AppliedThen5xx},
		{"POST", commentsRoute, githubtest.AppliedThenReset},
		{"POST", checkRunsRoute, githubtest.AppliedLate},
		{"POST", commentsRoute, githubtest.AppliedLate},
	} {
		t.Run(fmt.Sprintf("%s %s %s", tc.method, tc.route, tc.fault), func(t *testing.T) {
			h := newHarness(t)
			h.event("pull_request", "pull_request.opened")
			h.fake.Inject(tc.method, tc.route, tc.fault, 1)
			if tc.route == checkRunsForHead {
				// The lookup is sent only after a lost create.
				h.fake.LoseNextResponse("POST", checkRunsRoute)
			}
			r := &run{id: "99"}
			if got := h.runAs(r, github.Timeouts{Request: 300 * time.Millisecond}); got != failed {
				t.Fatalf("got %s, want failed (exit 1)\n%s", got, r.stderr.String())
			}
			h.checkOneRunPerGate("99")
			h.checkOneSticky()
		})
	}
}

// TestTwoGateRunsAtOnceLeaveOneStickyComment: two runs on the same pull
// request race through the comment lookup; each leaves one check run per
// gate and together they leave one sticky comment.
func TestTwoGateRunsAtOnceLeaveOneStickyComment(t *testing.T) {
	h := newHarness(t)
	h.event("pull_request", "pull_request.opened")
	runs := []*run{{id: "101"}, {id: "102"}}
	got := make([]status, len(runs))
	var wg sync.WaitGroup
	for i, r := range runs {
		wg.Go(func() { got[i] = h.runAs(r, github.Timeouts{}) })
	}
	wg.Wait()
	for i, r := range runs {
		if got[i] != failed {
			t.Errorf("run %s: %s, want failed (exit 1)\n%s", r.id, got[i], r.stderr.String())
		}
		h.checkOneRunPerGate(r.id)
	}
	h.checkOneSticky()
}

// TestARunThatCannotReachGitHubFailsClearlyAndTheNextRepairs: GitHub never
// answers the comment's creation; the run stops at its deadline with a
// clear message and exit 3, and the next run completes the comment.
func TestARunThatCannotReachGitHubFailsClearlyAndTheNextRepairs(t *testing.T) {
	h := newHarness(t)
	h.event("pull_request", "pull_request.opened")
	h.fake.Inject("POST", commentsRoute, githubtest.Hang, 10)
	first := &run{id: "201"}
	if got := first.runBounded(h); got != internalError {
		t.Fatalf("got %s, want internal error (exit 3)\n%s", got, first.stderr.String())
	}
	if msg := first.stderr.String(); !strings.Contains(msg, "GitHub did not answer before the run's deadline (github.deadline 1s)") {
		t.Errorf("stderr = %q, want the deadline named", msg)
	}
	if n := len(h.fake.Comments(prRepo, prNumber)); n != 0 {
		t.Fatalf("comments = %d before the repair, want 0", n)
	}
	h.fake.ClearFaults()
	second := &run{id: "202"}
	if got := h.runAs(second, github.Timeouts{}); got != failed {
		t.Fatalf("repair run: %s, want failed (exit 1)\n%s", got, second.stderr.String())
	}
	h.checkOneRunPerGate("202")
	h.checkOneSticky()
}

func (r *run) runBounded(h *harness) status {
	return h.runAs(r, github.Timeouts{Request: 200 * time.Millisecond, Deadline: time.Second})
}
