package github_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// setupTimeouts is setup with an adapter whose attempts time out after
// request, so that a hanging request is retried quickly.
func setupTimeouts(t *testing.T, to github.Timeouts) (*github.Adapter, *githubtest.Server, *sleeper) {
	t.Helper()
	fake := githubtest.New(t)
	sl := &sleeper{}
	a, err := github.NewAdapter(github.Config{BaseURL: fake.URL, Token: fake.Token, Timeouts: to,
		Retry: github.RetryPolicy{Sleep: sl.Sleep, Now: func() time.Time { return fixedNow }}})
	if err != nil {
		t.Fatal(err)
	}
	return a, fake, sl
}

const (
	checkRunsRoute = "/repos/{owner}/{repo}/check-runs"
	checkRunRoute  = "/repos/{owner}/{repo}/check-runs/{check_run_id}"
	runsForRef     = "/repos/{owner}/{repo}/commits/{ref}/check-runs"
	issuesRoute    = "/repos/{owner}/{repo}/issues"
	issueRoute     = "/repos/{owner}/{repo}/issues/{issue_number}"
	pullRoute      = "/repos/{owner}/{repo}/pulls/{pull_number}"
	contentsRoute  = "/repos/{owner}/{repo}/contents/{path}"
	reactionsRoute = "/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions"
)

// faultTimeouts are the attempt timeouts of a test injecting fault: a
// hang ends only at the client's timeout, so it gets one short enough for
// a quick test (a second); every other fault gets the default, so a loaded
// machine never times out an answer the test counts on (with 100 ms, 4 of
// 80 subtests failed under load).
func faultTimeouts(fault githubtest.Fault) github.Timeouts {
	if fault == githubtest.Hang {
		return github.Timeouts{Request: time.Second}
	}
	return github.Timeouts{}
}

// requestKind is one kind of request storygate sends: how to seed the
// fake, the operation that sends it, and the state it must leave.
type requestKind struct {
	method, route string
	seed          func(f *githubtest.Server)
	op            func(ctx context.Context, a *github.Adapter) error
	check         func(t *testing.T, f *githubtest.Server)
}

var storygateRun = github.CheckRun{Name: "storygate / stories", HeadSHA: "abc", ExternalID: "storygate/stories",
	Status: github.StatusCompleted, Conclusion: github.ConclusionSuccess, Output: github.CheckOutput{Title: "ok", Summary: "all good"}}

func requestKinds() map[string]requestKind {
	oneRun := func(t *testing.T, f *githubtest.Server) {
		t.Helper()
		if runs := f.CheckRuns(); len(runs) != 1 || runs[0].Conclusion != "success" {
			t.Errorf("check runs = %+v, want exactly one, successful", runs)
		}
	}
	oneSticky := func(want string) func(t *testing.T, f *githubtest.Server) {
		return func(t *testing.T, f *githubtest.Server) {
			t.Helper()
			if cs := f.Comments(repoName, 7); len(cs) != 1 || cs[0].Body != stickyBody(want) {
				t.Errorf("comments = %+v, want exactly one sticky %q", cs, want)
			}
		}
	}
	sticky := func(ctx context.Context, a *github.Adapter) error {
		_, err := a.PostHeadReport(ctx, repo, 7, marker, stickyHead, "report v2")
		return err
	}
	// The report of this head, so the run edits it in place.
	seedSticky := func(f *githubtest.Server) {
		seedPullRequest(f)
		f.AddComment(repoName, 7, githubtest.Bot, stickyBody("report v1"))
	}
	return map[string]requestKind{
		"create check run": {method: "POST", route: checkRunsRoute,
			op: func(ctx context.Context, a *github.Adapter) error {
				_, err := a.CreateCheckRun(ctx, repo, storygateRun)
				return err
			}, check: oneRun},
		"update check run": {method: "PATCH", route: checkRunRoute,
			op: func(ctx context.Context, a *github.Adapter) error {
				id, err := a.CreateCheckRun(ctx, repo, github.CheckRun{Name: storygateRun.Name, HeadSHA: "abc", Status: github.StatusInProgress})
				if err != nil {
					return err
				}
				run := storygateRun
				run.ID = id
				return a.UpdateCheckRun(ctx, repo, run)
			}, check: oneRun},
		"list comments":  {method: "GET", route: listRoute, seed: seedSticky, op: sticky, check: oneSticky("report v2")},
		"create comment": {method: "POST", route: listRoute, seed: seedPullRequest, op: sticky, check: oneSticky("report v2")},
		"create reply": {method: "POST", route: listRoute,
			op: func(ctx context.Context, a *github.Adapter) error {
				_, err := a.CreateComment(ctx, repo, 7, "<!-- storygate:reply -->\nreceipt of comment 41")
				return err
			},
			check: func(t *testing.T, f *githubtest.Server) {
				if cs := f.Comments(repoName, 7); len(cs) != 1 {
					t.Errorf("comments = %+v, want the reply once", cs)
				}
			}},
		"edit comment": {method: "PATCH", route: commentRoute, seed: seedSticky, op: sticky, check: oneSticky("report v2")},
		"delete comment": {method: "DELETE", route: commentRoute,
			seed: func(f *githubtest.Server) { seedSticky(f); seedSticky(f) }, op: sticky, check: oneSticky("report v2")},
		"create issue": {method: "POST", route: issuesRoute,
			op: func(ctx context.Context, a *github.Adapter) error {
				_, err := a.CreateIssue(ctx, repo, github.IssueRequest{Title: "drift", Body: driftMarker + "\nfails", Marker: driftMarker})
				return err
			},
			check: func(t *testing.T, f *githubtest.Server) {
				if is := f.Issues(repoName); len(is) != 1 {
					t.Errorf("issues = %+v, want exactly one", is)
				}
			}},
		"edit issue": {method: "PATCH", route: issueRoute,
			seed: func(f *githubtest.Server) { f.AddIssue(repoName, githubtest.Issue{Title: "drift", Body: driftMarker}) },
			op:   func(ctx context.Context, a *github.Adapter) error { return a.CloseIssue(ctx, repo, 1) },
			check: func(t *testing.T, f *githubtest.Server) {
				if is := f.Issues(repoName); len(is) != 1 || is[0].State != "closed" {
					t.Errorf("issues = %+v, want the one closed", is)
				}
			}},
		"get pull request": {method: "GET", route: pullRoute,
			seed: func(f *githubtest.Server) {
				f.AddPullRequest(repoName, githubtest.PullRequest{Number: 7, HeadSHA: "abc"})
			},
			op: func(ctx context.Context, a *github.Adapter) error {
				pr, err := a.PullRequest(ctx, repo, 7)
				if err == nil && pr.HeadSHA != "abc" {
					err = errors.New("wrong head " + pr.HeadSHA)
				}
				return err
			}},
		"put file": {method: "PUT", route: contentsRoute,
			op: func(ctx context.Context, a *github.Adapter) error {
				_, err := a.PutFile(ctx, repo, github.FileUpdate{Path: "ledger.md", Branch: "main", Content: []byte("row\n"), Message: "ledger"})
				return err
			},
			check: func(t *testing.T, f *githubtest.Server) {
				if got, _, ok := f.File(repoName, "main", "ledger.md"); !ok || string(got) != "row\n" {
					t.Errorf("ledger.md = %q, %v; want written once", got, ok)
				}
			}},
		"add reaction": {method: "POST", route: reactionsRoute, seed: seedSticky,
			op: func(ctx context.Context, a *github.Adapter) error {
				return a.AddReaction(ctx, repo, 1, github.ReactionEyes)
			}},
	}
}

// TestEveryRequestKindSurvivesResetAndHang injects a connection reset and
// a request that never answers into each kind of request: each is retried
// with the 5xx backoff and ends with exactly the state one success leaves.
func TestEveryRequestKindSurvivesResetAndHang(t *testing.T) {
	t.Parallel()
	for name, k := range requestKinds() {
		for _, fault := range []githubtest.Fault{githubtest.Reset, githubtest.Hang} {
			t.Run(name+"/"+fault.String(), func(t *testing.T) {
				t.Parallel()
				a, fake, sl := setupTimeouts(t, faultTimeouts(fault))
				if k.seed != nil {
					k.seed(fake)
				}
				fake.Inject(k.method, k.route, fault, 1)
				if err := k.op(context.Background(), a); err != nil {
					t.Fatalf("after one %s: %v", fault, err)
				}
				if k.check != nil {
					k.check(t, fake)
				}
				if n := len(fake.CallsTo(k.method, k.route)); n < 2 {
					t.Errorf("%s %s sent %d times, want a retry", k.method, k.route, n)
				}
				if w := sl.Waits(); len(w) == 0 || w[0] != time.Second {
					t.Errorf("waits = %v, want the 5xx backoff (1s first)", w)
				}
			})
		}
	}
}

// TestLostAnswersToCreatesAreNotDoubled applies each create and then loses
// its answer (a 502, or a reset): the adapter finds what it made instead of
// making it twice.
func TestLostAnswersToCreatesAreNotDoubled(t *testing.T) {
	t.Parallel()
	kinds := requestKinds()
	for _, name := range []string{"create check run", "create comment", "create reply", "create issue", "put file"} {
		k := kinds[name]
		for _, fault := range []githubtest.Fault{githubtest.AppliedThen5xx, githubtest.AppliedThenReset} {
			t.Run(name+"/"+fault.String(), func(t *testing.T) {
				t.Parallel()
				a, fake, _ := setupTimeouts(t, github.Timeouts{})
				if k.seed != nil {
					k.seed(fake)
				}
				fake.Inject(k.method, k.route, fault, 1)
				err := k.op(context.Background(), a)
				if name == "put file" {
					// A replayed PUT is refused as stale, never applied twice.
					if !errors.Is(err, github.ErrConflict) {
						t.Fatalf("err = %v, want ErrConflict", err)
					}
				} else if err != nil {
					t.Fatal(err)
				}
				k.check(t, fake)
			})
		}
	}
}

// TestACreateWithoutIdentityIsNotRetriedBlindly: a check run without
// storygate's external_id, or an issue without a marker, cannot be
// recognised, so a lost answer is reported rather than risk a double.
func TestACreateWithoutIdentityIsNotRetriedBlindly(t *testing.T) {
	t.Parallel()
	a, fake, _ := setupTimeouts(t, github.Timeouts{})
	fake.LoseNextResponse("POST", checkRunsRoute)
	if _, err := a.CreateCheckRun(context.Background(), repo, github.CheckRun{Name: "other", HeadSHA: "abc"}); err == nil {
		t.Error("check run without external_id: want the lost answer reported")
	}
	fake.LoseNextResponse("POST", "/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches")
	if err := a.DispatchWorkflow(context.Background(), repo, "storygate.yml", "main", nil); err == nil {
		t.Error("dispatch: want the lost answer reported")
	}
	fake.LoseNextResponse("POST", issuesRoute)
	if _, err := a.CreateIssue(context.Background(), repo, github.IssueRequest{Title: "t", Body: "b"}); err == nil {
		t.Error("issue without marker: want the lost answer reported")
	}
	if r, i := len(fake.CheckRuns()), len(fake.Issues(repoName)); r != 1 || i != 1 {
		t.Errorf("check runs %d, issues %d: want each sent once", r, i)
	}
}

// TestAnnotationBatchesAreNeverDoubled: GitHub appends annotations on
// every update, so a batch whose answer was lost (or that never arrived)
// is resent only when the run's count shows it did not land.
func TestAnnotationBatchesAreNeverDoubled(t *testing.T) {
	t.Parallel()
	for _, fault := range []githubtest.Fault{githubtest.Reset, githubtest.Hang, githubtest.AppliedThen5xx, githubtest.AppliedThenReset} {
		t.Run(fault.String(), func(t *testing.T) {
			t.Parallel()
			a, fake, _ := setupTimeouts(t, faultTimeouts(fault))
			run := storygateRun
			for i := range 120 {
				run.Output.Annotations = append(run.Output.Annotations, github.Annotation{Path: "s.md", StartLine: i + 1, Level: github.LevelFailure, Message: "m"})
			}
			fake.Inject("PATCH", checkRunRoute, fault, 1)
			if _, err := a.CreateCheckRun(context.Background(), repo, run); err != nil {
				t.Fatal(err)
			}
			runs := fake.CheckRuns()
			if len(runs) != 1 || len(runs[0].Annotations) != 120 {
				t.Fatalf("check runs %d with %d annotations, want one with 120", len(runs), len(runs[0].Annotations))
			}
		})
	}
}

// TestADispatchIsNeverResent: a workflow dispatch cannot be recognised
// afterwards, so whether its answer was lost or it never arrived, the
// error is returned and the workflow started at most once.
func TestADispatchIsNeverResent(t *testing.T) {
	t.Parallel()
	for _, fault := range []githubtest.Fault{githubtest.Reset, githubtest.AppliedThen5xx, githubtest.AppliedThenReset} {
		a, fake, _ := setupTimeouts(t, github.Timeouts{})
		fake.Inject("POST", "/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches", fault, 1)
		err := a.DispatchWorkflow(context.Background(), repo, "storygate.yml", "main", map[string]string{"pull_request": "7"})
		want := 0
		if fault != githubtest.Reset {
			want = 1
		}
		if n := len(fake.Dispatches()); err == nil || n != want {
			t.Errorf("%s: err %v, %d dispatches; want the error and %d", fault, err, n, want)
		}
	}
}

// TestTheDeadlineEndsARunThatCannotReachGitHub: every attempt hangs; the
// client gives up at its deadline with ErrDeadline, not after the sum of
// every retry's timeout.
func TestTheDeadlineEndsARunThatCannotReachGitHub(t *testing.T) {
	t.Parallel()
	a, fake, _ := setupTimeouts(t, github.Timeouts{Request: 5 * time.Second, Deadline: 300 * time.Millisecond})
	fake.AddPullRequest(repoName, githubtest.PullRequest{Number: 7})
	fake.Inject("GET", pullRoute, githubtest.Hang, 10)
	_, err := a.PullRequest(context.Background(), repo, 7)
	if !errors.Is(err, github.ErrDeadline) {
		t.Fatalf("err = %v, want ErrDeadline", err)
	}
	if n := len(fake.CallsTo("GET", pullRoute)); n != 1 {
		t.Errorf("attempts = %d, want 1 (the deadline is shorter than one attempt)", n)
	}
}
