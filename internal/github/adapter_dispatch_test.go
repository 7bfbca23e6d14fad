package github_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	gh "github.com/google/go-github/v62/github"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

const (
	dispatchRoute = "/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches"
	runsRoute     = "/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs"
)

// gateDispatch is a dispatch of the gate named as the shipped workflow's
// run-name names it.
var gateDispatch = github.WorkflowDispatch{Workflow: "storygate.yml", Ref: "refs/heads/main",
	Inputs: map[string]string{"pull_request": "7", "head_sha": "abc"}, RunName: "storygate #7 at abc"}

// setupDispatch is a fake whose dispatched runs take gateDispatch's name
// from their inputs, and an adapter on the wall clock (GitHub stamps runs
// by it) whose attempts time out after 2 s.
func setupDispatch(t *testing.T) (*github.Adapter, *githubtest.Server, *sleeper) {
	t.Helper()
	fake := githubtest.New(t, githubtest.WithRunName(func(_ string, in map[string]string) string {
		return "storygate #" + in["pull_request"] + " at " + in["head_sha"]
	}))
	sl := &sleeper{}
	a, err := github.NewAdapter(github.Config{BaseURL: fake.URL, Token: fake.Token, Timeouts: github.Timeouts{Request: 2 * time.Second},
		Retry: github.RetryPolicy{Sleep: sl.Sleep, Now: time.Now}})
	if err != nil {
		t.Fatal(err)
	}
	return a, fake, sl
}

// TestStartWorkflowUnderFaults: a dispatch that never reached GitHub (a
// 502 or a reset before it was applied, an attempt that timed out) is
// looked for, patiently, then sent again: one run. A dispatch GitHub
// applied before its answer was lost is found and not sent again: one run.
// A run that shows in the list only on a later look is waited for. A
// refusal is returned at once, without a look or a resend. The control,
// no fault, sends once and looks for nothing.
func TestStartWorkflowUnderFaults(t *testing.T) {
	t.Parallel()
	none := []time.Duration(nil)
	patience := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second}
	for _, c := range []struct {
		name   string
		inject func(*githubtest.Server)
		// sends and lists are the dispatch and run-list requests made;
		// waits the backoffs between looks; refused that an error is due.
		sends, lists int
		waits        []time.Duration
		refused      bool
	}{
		{"no fault", func(*githubtest.Server) {}, 1, 0, none, false},
		{"502 before applied", func(f *githubtest.Server) { f.FailNext(1, http.StatusBadGateway, nil, "Bad Gateway") }, 2, 6, patience, false},
		{"reset before applied", func(f *githubtest.Server) { f.Inject("POST", dispatchRoute, githubtest.Reset, 1) }, 2, 6, patience, false},
		{"timeout before applied", func(f *githubtest.Server) { f.Inject("POST", dispatchRoute, githubtest.Hang, 1) }, 2, 6, patience, false},
		{"applied then 502", func(f *githubtest.Server) { f.Inject("POST", dispatchRoute, githubtest.AppliedThen5xx, 1) }, 1, 1, none, false},
		{"applied then reset", func(f *githubtest.Server) { f.Inject("POST", dispatchRoute, githubtest.AppliedThenReset, 1) }, 1, 1, none, false},
		{"applied then timeout", func(f *githubtest.Server) { f.Inject("POST", dispatchRoute, githubtest.AppliedThenHang, 1) }, 1, 1, none, false},
		{"applied then 502, listed on the 4th look", func(f *githubtest.Server) {
			f.Inject("POST", dispatchRoute, githubtest.AppliedThen5xx, 1)
			f.DelayRunListing(3)
		}, 1, 4, patience[:3], false},
		{"refused (403)", func(f *githubtest.Server) {
			f.FailNext(1, http.StatusForbidden, nil, "Resource not accessible by integration")
		}, 1, 0, none, true},
		{"refused (422)", func(f *githubtest.Server) {
			f.FailNext(1, http.StatusUnprocessableEntity, nil, "Unexpected inputs provided")
		}, 1, 0, none, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a, fake, sl := setupDispatch(t)
			c.inject(fake)
			err := a.StartWorkflow(context.Background(), repo, gateDispatch)
			if c.refused != (err != nil) {
				t.Fatalf("err %v, want refused: %v", err, c.refused)
			}
			var er *gh.ErrorResponse
			if c.refused && (!errors.As(err, &er) || !strings.Contains(err.Error(), "dispatch workflow storygate.yml")) {
				t.Errorf("err %v: want GitHub's refusal, naming the dispatch", err)
			}
			sends, lists := len(fake.CallsTo("POST", dispatchRoute)), len(fake.CallsTo("GET", runsRoute))
			if sends != c.sends || lists != c.lists || !slices.Equal(sl.Waits(), c.waits) {
				t.Errorf("%d dispatches sent, %d run lists, waits %v; want %d, %d, %v", sends, lists, sl.Waits(), c.sends, c.lists, c.waits)
			}
			want := 1
			if c.refused {
				want = 0
			}
			if runs := fake.WorkflowRuns(); len(runs) != want || want == 1 && runs[0].DisplayTitle != gateDispatch.RunName {
				t.Errorf("runs %+v, want %d named %q", runs, want, gateDispatch.RunName)
			}
		})
	}
}

// TestStartWorkflowLooksOnlyAtItsRun: after a dispatch lost before it was
// applied, a run that is not the one it would start is not taken for it:
// one of another pull request or head, on another branch, of another
// workflow, or started long before the send. Each time the dispatch is
// sent again and its own run starts. The control, the run the lost
// dispatch started, is taken.
func TestStartWorkflowLooksOnlyAtItsRun(t *testing.T) {
	t.Parallel()
	own := githubtest.WorkflowRun{Repo: repoName, Event: "workflow_dispatch", HeadBranch: "main", Path: ".github/workflows/storygate.yml",
		Actor: githubtest.Bot, DisplayTitle: gateDispatch.RunName, CreatedAt: time.Now().UTC()}
	for _, c := range []struct {
		name   string
		edit   func(*githubtest.WorkflowRun)
		resent bool
	}{
		{"its own run", func(*githubtest.WorkflowRun) {}, false},
		{"another head", func(r *githubtest.WorkflowRun) { r.DisplayTitle = "storygate #7 at abd" }, true},
		{"another pull request", func(r *githubtest.WorkflowRun) { r.DisplayTitle = "storygate #8 at abc" }, true},
		{"another branch", func(r *githubtest.WorkflowRun) { r.HeadBranch = "feature" }, true},
		{"another workflow", func(r *githubtest.WorkflowRun) { r.Path = ".github/workflows/other.yml" }, true},
		{"another event", func(r *githubtest.WorkflowRun) { r.Event = "push" }, true},
		{"an hour before the send", func(r *githubtest.WorkflowRun) { r.CreatedAt = r.CreatedAt.Add(-time.Hour) }, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a, fake, _ := setupDispatch(t)
			seeded := own
			c.edit(&seeded)
			fake.AddWorkflowRun(seeded)
			fake.FailNext(1, http.StatusBadGateway, nil, "Bad Gateway")
			if err := a.StartWorkflow(context.Background(), repo, gateDispatch); err != nil {
				t.Fatal(err)
			}
			if sends := len(fake.CallsTo("POST", dispatchRoute)); (sends == 2) != c.resent {
				t.Errorf("%d dispatches sent, want resent: %v", sends, c.resent)
			}
		})
	}
}

// TestStartWorkflowGivesUp: every dispatch is lost before GitHub applies
// it; after the retry policy's attempts the error is returned, and no run
// was started twice.
func TestStartWorkflowGivesUp(t *testing.T) {
	t.Parallel()
	a, fake, _ := setupDispatch(t)
	fake.Inject("POST", dispatchRoute, githubtest.Reset, 10)
	if err := a.StartWorkflow(context.Background(), repo, gateDispatch); err == nil {
		t.Fatal("want the lost dispatch reported")
	}
	if sends, runs := len(fake.CallsTo("POST", dispatchRoute)), len(fake.WorkflowRuns()); sends != 5 || runs != 0 {
		t.Errorf("%d dispatches sent, %d runs; want 5 (the first and 4 retries) and none", sends, runs)
	}
}
