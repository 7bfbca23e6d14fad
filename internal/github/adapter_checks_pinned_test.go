package github_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// storygateAppID is the App storygate authenticates as in App mode.
const storygateAppID = 42

// setupApp starts a fake and an adapter that authenticates as the GitHub
// App storygateAppID, whose retry policy sleeps through sleep.
func setupApp(t *testing.T, sleep func(context.Context, time.Duration) error) (*github.Adapter, *githubtest.Server) {
	t.Helper()
	fake := githubtest.New(t)
	return fake.AppAdapter(storygateAppID, 7, github.RetryPolicy{Sleep: sleep, Now: func() time.Time { return fixedNow }}), fake
}

// forgedRun is what an agent's workflow posts with its GITHUB_TOKEN
// (permissions: checks: write): storygate's check run's name and
// external_id, green.
func forgedRun() github.CheckRun {
	run := storygateRun
	run.Output = github.CheckOutput{Title: "forged", Summary: "trust me"}
	return run
}

// forge posts forgedRun as a workflow of the repository would: with the
// fake's GITHUB_TOKEN, as github-actions[bot] through GitHub Actions.
func forge(t *testing.T, fake *githubtest.Server) int64 {
	t.Helper()
	workflow, err := github.NewAdapter(github.Config{BaseURL: fake.URL, Token: fake.Token})
	if err != nil {
		t.Fatal(err)
	}
	id, err := workflow.CreateCheckRun(context.Background(), repo, forgedRun())
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestAForgedCheckRunIsNotStorygates: storygate, as its App, creates its
// check run and the answer is lost (a reset before GitHub applied it), so
// it looks for the run by name and external_id before sending it again.
// A run a workflow's GITHUB_TOKEN posted with that key, before the create
// or during the looks, is not taken for storygate's: storygate sends its
// own, keeps it, and neither adopts the forged one (its id returned, its
// later annotation batches sent to it) nor marks it, or its own run, a
// duplicate. The control has no forged run and makes exactly one.
func TestAForgedCheckRunIsNotStorygates(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		// before forges before the create, during forges at the first
		// wait before a look.
		before, during bool
	}{
		{name: "control"},
		{name: "forged before the create", before: true},
		{name: "forged during the looks", during: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var fake *githubtest.Server
			var forged int64
			var once sync.Once
			sleep := func(context.Context, time.Duration) error {
				if tc.during {
					once.Do(func() { forged = forge(t, fake) })
				}
				return nil
			}
			a, f := setupApp(t, sleep)
			fake = f
			if tc.before {
				forged = forge(t, fake)
			}
			fake.Inject("POST", checkRunsRoute, githubtest.Reset, 1)
			id, err := a.CreateCheckRun(context.Background(), repo, storygateRun)
			if err != nil {
				t.Fatalf("%v\ncalls: %s", err, callLog(fake))
			}
			var own []githubtest.CheckRun
			for _, r := range fake.CheckRuns() {
				switch {
				case r.ID == forged:
					if r.Title != "forged" || r.ExternalID != storygateRun.ExternalID || r.App != githubtest.ActionsAppID {
						t.Errorf("the forged run was changed: %+v", r)
					}
				case r.App == storygateAppID:
					own = append(own, r)
				default:
					t.Errorf("a run nobody asked for: %+v", r)
				}
			}
			if len(own) != 1 || own[0].ID != id || own[0].Title != "ok" || own[0].ExternalID != storygateRun.ExternalID {
				t.Errorf("CreateCheckRun = %d; storygate's runs %+v, want exactly one, that one, unmarked", id, own)
			}
			if (tc.before || tc.during) && forged == 0 {
				t.Error("the attack never ran: no forged run")
			}
		})
	}
}

// TestActionsOnlyCannotTellAForgedCheckRun is the residual of Actions-only
// mode, pinned so that docs/chatops.md's claim stays true: storygate
// posting with a workflow's GITHUB_TOKEN makes its check runs through
// GitHub Actions, as every workflow does, so a run another workflow
// posted with the key is taken for storygate's own (the look finds it).
// The App closes it (TestAForgedCheckRunIsNotStorygates).
func TestActionsOnlyCannotTellAForgedCheckRun(t *testing.T) {
	t.Parallel()
	a, fake, _ := setup(t)
	forged := forge(t, fake)
	fake.Inject("POST", checkRunsRoute, githubtest.Reset, 1)
	id, err := a.CreateCheckRun(context.Background(), repo, storygateRun)
	if err != nil {
		t.Fatal(err)
	}
	if id != forged || len(fake.CheckRuns()) != 1 {
		t.Errorf("CreateCheckRun = %d (forged %d), runs %+v: want the forged run taken for storygate's", id, forged, fake.CheckRuns())
	}
}

// TestOnlyTheAppThatMadeACheckRunUpdatesIt: the fake refuses an update by
// another app, as GitHub does, so storygate's runs in App mode cannot be
// rewritten by a workflow either; the control updates its own.
func TestOnlyTheAppThatMadeACheckRunUpdatesIt(t *testing.T) {
	t.Parallel()
	a, fake := setupApp(t, func(context.Context, time.Duration) error { return nil })
	id := must[int64](t)(a.CreateCheckRun(context.Background(), repo, storygateRun))
	workflow := must[*github.Adapter](t)(github.NewAdapter(github.Config{BaseURL: fake.URL, Token: fake.Token}))
	run := forgedRun()
	run.ID = id
	if err := workflow.UpdateCheckRun(context.Background(), repo, run); !github.IsForbidden(err) {
		t.Errorf("a workflow's update of the App's run: %v, want forbidden", err)
	}
	run.Output.Title = "ok again"
	if err := a.UpdateCheckRun(context.Background(), repo, run); err != nil {
		t.Errorf("the App's own update: %v", err)
	}
}
