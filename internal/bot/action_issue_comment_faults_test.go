package bot

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

const (
	storyContentsRoute = "/repos/{owner}/{repo}/contents/{path}"
	gateDispatchRoute  = "/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches"
)

// TestLostDecisionWriteStillCompletes: the contents PUT that records the
// reviewer's decision is applied, but its answer is lost (a 502, a reset,
// the client's own timeout), and the resent PUT is answered 409 or 422
// (the blob SHA it names is no longer the file's), or its answer is lost
// too on every resend; or every attempt is reset before it is applied.
// The run still leaves one receipt, reacts 👍, starts the gate once on the
// one decision commit and exits 0, never 2 (nor 3, which left the
// decision half-recorded). The control (no fault) comes first.
func TestLostDecisionWriteStillCompletes(t *testing.T) {
	t.Parallel()
	type shape struct {
		fault githubtest.Fault
		// resent is how the transport's resends of the PUT are answered.
		resent string
	}
	shapes := []shape{{0, "—"}}
	for _, fault := range []githubtest.Fault{githubtest.AppliedThen5xx, githubtest.AppliedThenReset, githubtest.AppliedThenHang} {
		for _, resent := range []string{"409", "422", "lost"} {
			shapes = append(shapes, shape{fault, resent})
		}
	}
	shapes = append(shapes, shape{githubtest.Reset, "lost"})
	for _, c := range shapes {
		t.Run(c.fault.String()+", resent PUT "+c.resent, func(t *testing.T) {
			h := reviewerCommentsApprovePlan(t)
			if c.fault != 0 {
				h.fake.Inject("PUT", storyContentsRoute, c.fault, 1)
			}
			switch c.resent {
			case "422":
				h.fake.FailNextTo("PUT", storyContentsRoute, http.StatusUnprocessableEntity, "sha does not match")
			case "lost":
				// Every resend's answer is lost too, until the transport
				// gives up.
				h.fake.Inject("PUT", storyContentsRoute, c.fault, 4)
			}
			r := h.commandRun()
			if got := r.status; got != passed {
				t.Fatalf("got %s, want passed (exit 0)\n%s", got, r.stderr.String())
			}
			h.checkDecisionCompleted(r)
		})
	}
}

// TestGateStartUnderFaults: the decision is recorded, then the dispatch
// that starts the gate fails. Lost before GitHub applied it (a 502, a
// reset), it is looked for, then sent again: one gate run. Applied, then
// its answer lost (a 502, a reset, the client's timeout), it is found,
// even when the run shows in GitHub's list only on the third look, and
// not sent again: one gate run. Refused (403), the run exits 3 saying the
// decision is recorded and the gate did not start, without a resend. The
// control (no fault) comes first.
func TestGateStartUnderFaults(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		inject func(*githubtest.Server)
		sends  int
	}{
		{"no fault", func(*githubtest.Server) {}, 1},
		{"502 before applied", func(f *githubtest.Server) {
			f.FailNextTo("POST", gateDispatchRoute, http.StatusBadGateway, "Bad Gateway")
		}, 2},
		{"reset before applied", func(f *githubtest.Server) { f.Inject("POST", gateDispatchRoute, githubtest.Reset, 1) }, 2},
		{"applied then 502", func(f *githubtest.Server) { f.Inject("POST", gateDispatchRoute, githubtest.AppliedThen5xx, 1) }, 1},
		{"applied then reset", func(f *githubtest.Server) { f.Inject("POST", gateDispatchRoute, githubtest.AppliedThenReset, 1) }, 1},
		{"applied then timeout", func(f *githubtest.Server) { f.Inject("POST", gateDispatchRoute, githubtest.AppliedThenHang, 1) }, 1},
		{"applied then 502, listed on the 3rd look", func(f *githubtest.Server) {
			f.Inject("POST", gateDispatchRoute, githubtest.AppliedThen5xx, 1)
			f.DelayRunListing(2)
		}, 1},
		{"refused (403)", func(f *githubtest.Server) {
			f.FailNextTo("POST", gateDispatchRoute, http.StatusForbidden, "Resource not accessible by integration")
		}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := reviewerCommentsApprovePlan(t)
			c.inject(h.fake)
			r := h.commandRun()
			if sends := len(h.fake.CallsTo("POST", gateDispatchRoute)); sends != c.sends {
				t.Errorf("%d dispatches sent, want %d", sends, c.sends)
			}
			if strings.HasPrefix(c.name, "refused") {
				h.checkGateRefused(r)
				return
			}
			if r.status != passed {
				t.Fatalf("got %s, want passed (exit 0)\n%s", r.status, r.stderr.String())
			}
			h.checkDecisionCompleted(r)
			if runs := h.fake.WorkflowRuns(); len(runs) != 1 {
				t.Errorf("gate runs %+v, want one", runs)
			}
		})
	}
}

// TestHalfRecordedDecisionIsCompletedByTheRerun: the decision's write
// lands (its answer lost) but the receipt is refused, so the job exits 3
// with the decision committed and nothing else. Its re-run in a checkout
// that does not hold the decision commit yet (GitHub moved the branch
// after the fetch) exits 3 saying so, never 2, and posts nothing; the
// re-run whose checkout holds it (the control, as the shipped workflow
// fetches the head) leaves the receipt, reacts 👍, starts the gate once and
// exits 0.
func TestHalfRecordedDecisionIsCompletedByTheRerun(t *testing.T) {
	h := reviewerCommentsApprovePlan(t)
	h.fake.Inject("PUT", storyContentsRoute, githubtest.AppliedThen5xx, 1)
	h.fake.FailNextTo("POST", commentsRoute, http.StatusForbidden, "Resource not accessible by integration")
	if r := h.commandRun(); r.status != internalError || len(h.fake.Commits(prRepo, "feature")) != 1 || len(h.fake.Comments(prRepo, prNumber)) != 1 {
		t.Fatalf("first run: got %s, commits %+v, comments %+v; want exit 3, the decision committed, no receipt\n%s",
			r.status, h.fake.Commits(prRepo, "feature"), h.fake.Comments(prRepo, prNumber), r.stderr.String())
	}
	behind := h.commandRunUnfetched()
	if behind.status != internalError || !strings.Contains(behind.stderr.String(), "which this job's checkout does not hold") ||
		!strings.Contains(behind.stderr.String(), "re-run the job") {
		t.Errorf("re-run behind GitHub: got %s, want exit 3 naming the head the checkout lacks\n%s", behind.status, behind.stderr.String())
	}
	if len(h.fake.Comments(prRepo, prNumber)) != 1 || len(h.fake.Dispatches()) != 0 {
		t.Errorf("re-run behind GitHub posted %+v, dispatched %+v; want nothing", h.fake.Comments(prRepo, prNumber), h.fake.Dispatches())
	}
	r := h.commandRun()
	if r.status != passed {
		t.Fatalf("re-run: got %s, want passed (exit 0)\n%s", r.status, r.stderr.String())
	}
	h.checkDecisionCompleted(r)
}

// checkGateRefused fails unless the run exited 3 saying the gate did not
// start while the decision is recorded (its receipt and 👍 left).
func (h *harness) checkGateRefused(r *commandRun) {
	h.t.Helper()
	out := r.stderr.String()
	if r.status != internalError || !strings.Contains(out, "start the gate storygate.yml") || !strings.Contains(out, "the decision is recorded") ||
		!strings.Contains(out, "Resource not accessible by integration") {
		h.t.Errorf("got %s\n%s\nwant exit 3 naming the refused gate start and that the decision is recorded", r.status, out)
	}
	if runs := h.fake.WorkflowRuns(); len(runs) != 0 {
		h.t.Errorf("gate runs %+v, want none", runs)
	}
	comments := h.fake.Comments(prRepo, prNumber)
	if len(comments) != 2 || !slices.Equal(comments[0].Reactions, []string{"+1"}) {
		h.t.Errorf("comments %+v: want the receipt and 👍 before the gate start", comments)
	}
}

// commandRun is one run of the commands job.
type commandRun struct {
	status         status
	stdout, stderr strings.Builder
}

// noWait is a retry policy's Sleep that returns at once.
func noWait(context.Context, time.Duration) error { return nil }

// commandRun runs the action on the harness's issue_comment event, its
// checkout holding what GitHub held when the job started; its retries
// wait for nothing and its attempts time out after 2 s.
func (h *harness) commandRun() *commandRun {
	h.t.Helper()
	h.pull()
	return h.commandRunUnfetched()
}

// commandRunUnfetched is commandRun in a checkout that did not fetch what
// GitHub made since the last fetch.
func (h *harness) commandRunUnfetched() *commandRun {
	h.t.Helper()
	r := &commandRun{}
	creds := Credentials{Env: h.env, Version: "test", Timeouts: github.Timeouts{Request: 2 * time.Second}, Retry: github.RetryPolicy{Sleep: noWait}}
	b := New(Deps{Env: h.env, GitHub: creds, Config: workTreeConfig{}, Revert: RevertCheck, Now: time.Now, Stdout: &r.stdout, Stderr: &r.stderr, Version: "test"})
	r.status = statusOf(b.Action(context.Background(), h.options()))
	return r
}

// checkDecisionCompleted fails unless the decision was committed once,
// has one receipt naming that commit and a 👍, and the gate was
// dispatched once on it.
func (h *harness) checkDecisionCompleted(r *commandRun) {
	h.t.Helper()
	commits := h.fake.Commits(prRepo, "feature")
	if len(commits) != 1 {
		h.t.Fatalf("commits %+v, want the one decision commit\n%s", commits, r.stderr.String())
	}
	comments := h.fake.Comments(prRepo, prNumber)
	if len(comments) != 2 || !strings.Contains(comments[1].Body, commits[0].SHA) {
		h.t.Errorf("comments %+v, want the command and one receipt naming %s", comments, commits[0].SHA)
	}
	if got := comments[0].Reactions; !slices.Equal(got, []string{"+1"}) {
		h.t.Errorf("reactions %v, want +1", got)
	}
	var heads []string
	for _, d := range h.fake.Dispatches() {
		heads = append(heads, d.Inputs[dispatchHead])
	}
	if !slices.Equal(heads, []string{commits[0].SHA}) {
		h.t.Errorf("gate dispatched for %v, want once for %s", heads, commits[0].SHA)
	}
}
