package appbot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/serve"
)

const hello = "Codertocat/Hello-World"

// TestAnApprovalIsRecordedByTheApp: an authorized /approve-plan, delivered
// to the App, is committed to the pull request's branch, answered with a
// receipt the App posted (app-4242[bot] via app 4242, so the gate's
// Recorder for the App counts it), a 👍, and one dispatch of the gate
// workflow on the default branch for the decision's commit.
func TestAnApprovalIsRecordedByTheApp(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.addRepo(hello)
	d := w.comment(hello, reviewer, "/approve-plan STORY-002 the plan maps errors to fields")
	out, err := w.handler().Handle(context.Background(), d)
	if err != nil || out != serve.Handled {
		t.Fatalf("got %s, %v", out, err)
	}
	story, _, _ := w.fake.File(hello, "feature", "stories/STORY-002.md")
	if !strings.Contains(string(story), "state: ready") {
		t.Fatalf("the decision was not committed:\n%s", story)
	}
	receipts := appReceipts(t, w, hello)
	if len(receipts) != 1 {
		t.Fatalf("want one receipt by the App, got %d: %+v", len(receipts), w.fake.Comments(hello, prNumber))
	}
	if got := w.fake.Comments(hello, prNumber)[0].Reactions; len(got) != 1 || got[0] != "+1" {
		t.Errorf("reactions %v, want one +1", got)
	}
	ds := w.fake.Dispatches()
	if len(ds) != 1 || ds[0].Ref != "refs/heads/master" || ds[0].Inputs["base_sha"] != r.base || ds[0].Inputs["head_sha"] == r.head {
		t.Errorf("dispatches %+v: want one on master for the decision's commit", ds)
	}
	if runs := w.fake.WorkflowRuns(); len(runs) != 1 || runs[0].Actor != githubtest.AppBot(appID) {
		t.Errorf("the gate run was not started by the App: %+v", runs)
	}
	if n := w.origin.refusals(); n != 0 {
		t.Errorf("%d git requests came without the installation token", n)
	}
}

// appReceipts are the receipts on full's pull request that the App's
// Recorder accepts.
func appReceipts(t *testing.T, w *world, full string) []chatops.Receipt {
	t.Helper()
	rec := chatops.Recorder{Login: githubtest.AppBot(appID).Login, AppID: appID}
	var out []chatops.Receipt
	for _, c := range w.fake.Comments(full, prNumber) {
		if c.Author == githubtest.AppBot(appID) && c.App == appID && rec.Login != "" {
			if rc, ok := chatops.ParseReceipt(c.Body); ok {
				out = append(out, rc)
			}
		}
	}
	return out
}
