package appbot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/appbot"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/serve"
)

// workflowToken is a workflow's GITHUB_TOKEN in the world: its writes are
// github-actions[bot]'s via GitHub Actions (app 15368), which any pull
// request's workflow with write permissions holds. Git still goes through
// an installation token, which the origin requires.
type workflowToken struct {
	w   *world
	app *appbot.AppInstallations
}

func (f workflowToken) Client(int64) (appbot.Client, error) {
	return github.NewAdapter(github.Config{BaseURL: f.w.fake.URL, Token: f.w.fake.Token, Retry: noWaiting()})
}

func (f workflowToken) Token(ctx context.Context, id int64) (string, error) {
	return f.app.Token(ctx, id)
}

// TestAReceiptAWorkflowTokenPostedDoesNotCountForTheApp: a workflow with
// a write GITHUB_TOKEN records the reviewer's decision itself, exactly as
// storygate's Action would (the decision commit and the receipt, both
// github-actions[bot]'s). Delivered to the App, the same comment is not
// taken as decided: the App's identity is pinned whatever the
// repository's policy says, so the forged receipt is not its, the push is
// not its, and it refuses with a reply naming both, posting no receipt.
// The honest control is TestAReplayedDeliveryIsADuplicateAndWritesNothing:
// a decision the App recorded is answered as recorded, with no second
// receipt.
func TestAReceiptAWorkflowTokenPostedDoesNotCountForTheApp(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.addRepo(hello)
	d := w.comment(hello, reviewer, "/approve-plan STORY-002 the plan maps errors to fields")
	app := &appbot.AppInstallations{BaseURL: w.fake.URL, AppID: appID, PrivateKeyPEM: appKeyPEM(), Retry: noWaiting()}
	forger := w.handler(func(deps *appbot.Deps) {
		deps.AppID, deps.AppSlug, deps.Installations = githubtest.ActionsAppID, "github-actions", workflowToken{w: w, app: app}
	})
	if out, err := forger.Handle(context.Background(), d); err != nil || out != serve.Handled {
		t.Fatalf("the workflow's own recording: %s, %v", out, err)
	}
	forged := 0
	for _, c := range w.fake.Comments(hello, prNumber) {
		if c.Author == githubtest.Bot && strings.Contains(c.Body, "storygate:decision") {
			forged++
		}
	}
	if forged != 1 {
		t.Fatalf("the attack is not in place: %d receipts by github-actions[bot]", forged)
	}
	w.sync(hello)
	again := w.delivery("issue_comment", d.Body)
	if out, err := w.handler().Handle(context.Background(), again); err != nil || out != serve.Handled {
		t.Fatalf("the App: %s, %v", out, err)
	}
	if n := len(appReceipts(t, w, hello)); n != 0 {
		t.Errorf("the App posted %d receipts for a decision a workflow token recorded", n)
	}
	comments := w.fake.Comments(hello, prNumber)
	last := comments[len(comments)-1]
	if last.Author != githubtest.AppBot(appID) || !strings.Contains(last.Body, "not by storygate @app-4242[bot] (app 4242)") {
		t.Errorf("want the App's refusal naming its identity, got %s: %q", last.Author.Login, last.Body)
	}
}
