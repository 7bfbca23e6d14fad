package github_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// lateWrite is one kind of write storygate makes, as TestAppliedLateWrites
// drives it: the operation, the request that is applied late, and the
// state exactly one success leaves.
type lateWrite struct {
	method, route string
	// seed, when set, prepares the fake (the pull request a report is of).
	seed  func(f *githubtest.Server)
	op    func(ctx context.Context, a *github.Adapter) error
	check func(t *testing.T, f *githubtest.Server)
}

// annotated is storygateRun with 56 annotations: two batches (50 + 6).
func annotated() github.CheckRun {
	run := storygateRun
	run.ExternalID = "storygate/stories run=99.1 head=abc"
	for i := range 56 {
		run.Output.Annotations = append(run.Output.Annotations, github.Annotation{Path: "s.md", StartLine: i + 1, Level: github.LevelFailure, Message: "m"})
	}
	return run
}

// oneAnnotatedRun: of the runs with the key, one, successful, with every
// annotation once, and the newest of its name (what branch protection
// reads); any other of the name is marked a duplicate of it, says the
// same and shows no annotation.
func oneAnnotatedRun(t *testing.T, f *githubtest.Server) {
	t.Helper()
	want := annotated()
	var keyed []githubtest.CheckRun
	runs := f.CheckRuns()
	for _, r := range runs {
		if r.ExternalID == want.ExternalID {
			keyed = append(keyed, r)
		}
	}
	if len(keyed) != 1 || keyed[0].Conclusion != "success" || len(keyed[0].Annotations) != 56 {
		t.Fatalf("check runs %+v, want one with the key, successful, with 56 annotations", runs)
	}
	if newest := runs[len(runs)-1]; newest.ID != keyed[0].ID {
		t.Errorf("the newest check run is %d, not the kept %d", newest.ID, keyed[0].ID)
	}
	for _, r := range runs[:len(runs)-1] {
		if !strings.HasSuffix(r.ExternalID, fmt.Sprintf(" duplicate-of=%d", keyed[0].ID)) || r.Conclusion != "success" || len(r.Annotations) != 0 ||
			!strings.HasPrefix(r.Title, "Duplicate of check run") {
			t.Errorf("older check run %+v is not marked a duplicate of %d", r, keyed[0].ID)
		}
	}
}

const receiptReply = "@alice recorded the approval.\n<!-- storygate:decision {\"story\":\"S-1\",\"source\":41,\"commit\":\"c0ffee\"} -->"

func lateWrites() map[string]lateWrite {
	return map[string]lateWrite{
		"check run create": {method: "POST", route: checkRunsRoute,
			op: func(ctx context.Context, a *github.Adapter) error {
				_, err := a.CreateCheckRun(ctx, repo, annotated())
				return err
			}, check: oneAnnotatedRun},
		"annotation batch": {method: "PATCH", route: checkRunRoute,
			op: func(ctx context.Context, a *github.Adapter) error {
				_, err := a.CreateCheckRun(ctx, repo, annotated())
				return err
			}, check: oneAnnotatedRun},
		"sticky comment create": {method: "POST", route: listRoute, seed: seedPullRequest,
			op: func(ctx context.Context, a *github.Adapter) error {
				_, err := a.PostHeadReport(ctx, repo, 7, marker, stickyHead, "report")
				return err
			},
			check: func(t *testing.T, f *githubtest.Server) {
				if cs := f.Comments(repoName, 7); len(cs) != 1 || cs[0].Body != stickyBody("report") {
					t.Errorf("comments = %+v, want the sticky once", cs)
				}
			}},
		"receipt reply": {method: "POST", route: listRoute,
			op: func(ctx context.Context, a *github.Adapter) error {
				_, err := a.CreateComment(ctx, repo, 7, receiptReply)
				return err
			},
			check: func(t *testing.T, f *githubtest.Server) {
				if cs := f.Comments(repoName, 7); len(cs) != 1 || cs[0].Body != receiptReply {
					t.Errorf("comments = %+v, want the receipt once", cs)
				}
			}},
		"drift issue create": {method: "POST", route: issuesRoute,
			op: func(ctx context.Context, a *github.Adapter) error {
				_, err := a.CreateIssue(ctx, repo, github.IssueRequest{Title: "drift", Body: driftMarker + "\nfails", Marker: driftMarker})
				return err
			},
			check: func(t *testing.T, f *githubtest.Server) {
				var open []githubtest.Issue
				for _, is := range f.Issues(repoName) {
					switch {
					case is.State == "open":
						open = append(open, is)
					case !strings.HasPrefix(is.Body, "Duplicate of #"):
						t.Errorf("closed issue %+v is not marked a duplicate", is)
					}
				}
				if len(open) != 1 || open[0].Body != driftMarker+"\nfails" || open[0].Number != 1 {
					t.Errorf("open issues = %+v, want the oldest one only", open)
				}
			}},
	}
}

// TestAppliedLateWrites: GitHub applies each kind of write after the
// client's attempt timed out, and its lists show the result only after
// lag more reads (eventual consistency). Within the patient looks (lag
// below RetryPolicy.Lookups) the write is found and never sent again;
// past them (lag = Lookups) it is sent again and the duplicate is
// removed (a comment deleted, an issue closed, a check run marked and the
// newest kept). Each ends with exactly one success's state. The control
// runs each write without a fault.
func TestAppliedLateWrites(t *testing.T) {
	t.Parallel()
	lookups := github.DefaultRetryPolicy().Lookups
	warmUp(t)
	cases := []struct {
		name       string
		late       bool
		lag        int
		wantResend bool
	}{
		{name: "control"},
		{name: "applied late", late: true},
		{name: "applied late, listed 2 reads later", late: true, lag: 2},
		{name: "applied late, listed after every look", late: true, lag: lookups, wantResend: true},
	}
	for name, w := range lateWrites() {
		for _, tc := range cases {
			t.Run(name+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				// The limit every request of the case is under: the held one
				// waits it out, and an honest one must never reach it on a
				// loaded machine, or the control's one send becomes two.
				a, fake, _ := setupTimeouts(t, github.Timeouts{Request: 1500 * time.Millisecond})
				if w.seed != nil {
					w.seed(fake)
				}
				if tc.late {
					fake.InjectAppliedLate(w.method, w.route, tc.lag)
				}
				if err := w.op(context.Background(), a); err != nil {
					t.Fatalf("%v\ncalls: %s", err, callLog(fake))
				}
				w.check(t, fake)
				sent, want := len(fake.CallsTo(w.method, w.route)), 1
				if tc.late {
					want = 2
					if !tc.wantResend {
						want = 1
					}
				}
				if w.method == "PATCH" {
					// The create carries no annotation: both batches are updates.
					want++
				}
				if w.method == "PATCH" && tc.wantResend {
					want-- // an update is read back, not listed: the lag does not hide it
				}
				if sent != want {
					t.Errorf("%s %s sent %d times, want %d", w.method, w.route, sent, want)
				}
			})
		}
	}
}

// callLog sums up the calls for a failure message.
func callLog(f *githubtest.Server) string {
	var b strings.Builder
	for _, c := range f.Calls() {
		fmt.Fprintf(&b, "\n  %s %s -> %d", c.Method, c.Path, c.Status)
	}
	return b.String()
}

// warmUp has the fake load GitHub's description once, with no timeout to
// meet, so that the tight timeouts of the cases only ever time out what
// the fault holds (the first request's load is slow under -race).
func warmUp(t *testing.T) {
	t.Helper()
	a, _, _ := setup(t)
	if _, err := a.ListComments(context.Background(), repo, 7); err != nil {
		t.Fatal(err)
	}
}
