package appbot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/appbot"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/serve"
)

// checkRunEdit makes a check_run payload's run named name, on head, for
// pull request #2 of hello from base (nil pull requests when base is "").
func checkRunEdit(key, name, head, base string) githubtest.Edit {
	return func(p map[string]any) {
		c, _ := p[key].(map[string]any)
		if name != "" {
			c["name"] = name
		}
		c["head_sha"] = head
		prs := []any{}
		if base != "" {
			prs = append(prs, map[string]any{"number": prNumber, "head": map[string]any{"sha": head, "ref": "feature"}, "base": map[string]any{"sha": base, "ref": "master"}})
		}
		c["pull_requests"] = prs
	}
}

// TestReRequestedChecksDispatchTheGate: re-running one of storygate's
// check runs, or the App's whole check suite, starts the gate workflow on
// the default branch for the pull request and head GitHub names, once
// (a replay is a Duplicate); a run that is not storygate's, or one GitHub
// names no pull request for (a fork's), asks nothing of GitHub.
func TestReRequestedChecksDispatchTheGate(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, sample, key, check string
		noPR                     bool
		want                     serve.Outcome
	}{
		{"a storygate check run", "check_run.rerequested.1", "check_run", "storygate / stories", false, serve.Handled},
		{"the check suite", "check_suite.rerequested.1", "check_suite", "", false, serve.Handled},
		{"another app's check run", "check_run.rerequested.1", "check_run", "randscape", false, serve.Ignored},
		{"a fork's check run", "check_run.rerequested.1", "check_run", "storygate / stories", true, serve.Ignored},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			r := w.addRepo(hello)
			base := r.base
			if tc.noPR {
				base = ""
			}
			body := w.payload(tc.sample, "", "", githubtest.WithRepo("Codertocat", "Hello-World"), checkRunEdit(tc.key, tc.check, r.head, base))
			d := w.delivery(tc.key, body)
			h := w.handler()
			out, err := h.Handle(context.Background(), d)
			if err != nil || out != tc.want {
				t.Fatalf("got %s, %v; want %s", out, err, tc.want)
			}
			ds := w.fake.Dispatches()
			if tc.want == serve.Ignored {
				if calls := w.fake.Calls(); len(calls) != 0 {
					t.Errorf("an ignored delivery called GitHub: %+v", calls)
				}
				return
			}
			if len(ds) != 1 || ds[0].Ref != "refs/heads/master" || ds[0].Workflow != "storygate.yml" ||
				ds[0].Inputs["pull_request"] != "2" || ds[0].Inputs["head_sha"] != r.head || ds[0].Inputs["base_sha"] != r.base {
				t.Fatalf("dispatches %+v", ds)
			}
			if out, err := w.handler().Handle(context.Background(), d); err != nil || out != serve.Duplicate {
				t.Errorf("replay: %s, %v", out, err)
			}
			if n := len(w.fake.Dispatches()); n != 1 {
				t.Errorf("%d dispatches after the replay", n)
			}
		})
	}
}

// TestEventsTheAppLeavesAloneAskNothingOfGitHub: the gate's own events
// (pull_request, merge_group: the repository's workflow runs the gate),
// events storygate never acts on, and comments without a command are
// Ignored without a single call to GitHub, so the App posts nothing that
// could pass for a verdict; the control is a comment with a command.
func TestEventsTheAppLeavesAloneAskNothingOfGitHub(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, event, sample string
		edits               []githubtest.Edit
		want                serve.Outcome
	}{
		{"pull_request opened", "pull_request", "pull_request.opened.1", nil, serve.Ignored},
		{"pull_request synchronize", "pull_request", "pull_request.synchronize.1", nil, serve.Ignored},
		{"merge_group", "merge_group", "merge_group.checks_requested.1", nil, serve.Ignored},
		{"push", "push", "push.event.1", nil, serve.Ignored},
		{"a comment without a command", "issue_comment", "issue_comment.created.1",
			[]githubtest.Edit{githubtest.OnPullRequest(hello, prNumber), githubtest.WithComment(1, "looks good to me", reviewer)}, serve.Ignored},
		{"a comment on an issue", "issue_comment", "issue_comment.created.1",
			[]githubtest.Edit{githubtest.WithComment(1, "/approve-plan STORY-002", reviewer)}, serve.Ignored},
		{"storygate's own reply", "issue_comment", "issue_comment.created.1",
			[]githubtest.Edit{githubtest.OnPullRequest(hello, prNumber), githubtest.WithComment(1, "<!-- storygate:reply -->\n/approve-plan STORY-002", reviewer)}, serve.Ignored},
		{"a command (control)", "issue_comment", "issue_comment.created.1",
			[]githubtest.Edit{githubtest.OnPullRequest(hello, prNumber), githubtest.WithComment(1, "/approve-plan STORY-002", reviewer)}, serve.Failed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			d := w.delivery(tc.event, w.payload(tc.sample, "", "", tc.edits...))
			out, err := w.handler().Handle(context.Background(), d)
			if out != tc.want {
				t.Fatalf("got %s, %v; want %s", out, err, tc.want)
			}
			calls := w.fake.Calls()
			if tc.want == serve.Ignored && (err != nil || len(calls) != 0) {
				t.Errorf("err %v, calls %+v", err, calls)
			}
			if tc.want == serve.Failed && (len(calls) == 0 || !strings.Contains(err.Error(), "pull request #2")) {
				t.Errorf("the control asked GitHub nothing (%d calls) or failed elsewhere: %v", len(calls), err)
			}
		})
	}
}

// TestDeliveriesOfAnInstallationWaitTheirTurn: past its burst, an
// installation's next delivery waits (through the injected sleep, by the
// injected clock) before it asks GitHub anything; an ignored delivery
// takes no turn.
func TestDeliveriesOfAnInstallationWaitTheirTurn(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.addRepo(hello)
	now := time.Date(2026, 12, 2, 5, 0, 0, 0, time.UTC)
	var slept []time.Duration
	h := w.handler(func(d *appbot.Deps) {
		d.Limit = appbot.Limit{Rate: 0.5, Burst: 1}
		d.Now = func() time.Time { return now }
		d.Sleep = func(_ context.Context, d time.Duration) error { slept = append(slept, d); return nil }
	})
	suite := func() serve.Delivery {
		return w.delivery("check_suite", w.payload("check_suite.rerequested.1", "", "", githubtest.WithRepo("Codertocat", "Hello-World"),
			checkRunEdit("check_suite", "", r.head, r.base)))
	}
	push := w.delivery("push", w.payload("push.event.1", "", ""))
	for i, d := range []serve.Delivery{suite(), push, suite()} {
		if _, err := h.Handle(context.Background(), d); err != nil {
			t.Fatalf("delivery %d: %v", i, err)
		}
	}
	if len(slept) != 1 || slept[0] != 2*time.Second {
		t.Errorf("slept %v, want one wait of 2s (the second re-run request)", slept)
	}
}
