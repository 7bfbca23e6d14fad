package bot

import (
	"strconv"
	"testing"

	"github.com/storygate/storygate/internal/github/githubtest"
)

// The red-team receipt attacks in App mode (issue 26): the repository's
// policy names storygate's GitHub App (approvers.recorder and
// recorder_app_id), the commands job posts as the App, and a workflow on
// the agent's branch posts with its GITHUB_TOKEN.

// storygateApp is the App's id in these tests; the fake's App posts as
// githubtest.AppBot(storygateApp).
const storygateApp = 42

// appPolicy pins storygate's identity to the App.
func appPolicy() string {
	return "approvers:\n  recorder: " + strconv.Quote(githubtest.AppBot(storygateApp).Login) + "\n  recorder_app_id: " + strconv.Itoa(storygateApp) + "\n"
}

// newAppPullRequest is newPullRequest in a repository whose base policy
// pins storygate to its App, registered on the fake.
func newAppPullRequest(t *testing.T) *harness {
	h := newHarnessWith(t, "", map[string]string{".github/storygate.yml": appPolicy()})
	h.repo.Remove("stories/STORY-003.md")
	h.head = h.repo.Commit("STORY-002 waits for its plan review; storygate is the App")
	h.openPullRequest()
	h.fake.RegisterTestApp(storygateApp, 7)
	return h
}

// asTheApp gives the next runs the App's credentials, as the commands and
// publish workflows hold them (docs/action.md: an environment only the
// default branch deploys to); withoutTheApp takes them away, as the pull
// request's gate job runs, with a read-only GITHUB_TOKEN.
func (h *harness) asTheApp() {
	h.env["INPUT_APP-ID"], h.env["INPUT_INSTALLATION-ID"], h.env["INPUT_PRIVATE-KEY"] = strconv.Itoa(storygateApp), "7", string(githubtest.AppKeyPEM())
}

func (h *harness) withoutTheApp() {
	for _, k := range []string{"INPUT_APP-ID", "INPUT_INSTALLATION-ID", "INPUT_PRIVATE-KEY"} {
		delete(h.env, k)
	}
}

// TestAppModeWorkflowReceiptsAreNotDecisions: the agent commits the
// decision entry for a reviewer's real /approve-plan itself, and a
// workflow on its branch posts the very receipt storygate would, with
// GITHUB_TOKEN (github-actions[bot] through GitHub Actions), naming the
// head the reviewer saw. With the App configured the gate finds the
// decision unverified: storygate left no record. The control is the
// decision the App recorded on the command, which is verified; and
// without the App (Actions-only mode, the default policy) the forged
// receipt is indistinguishable from storygate's and counts: the residual
// docs/chatops.md names, which the App closes.
func TestAppModeWorkflowReceiptsAreNotDecisions(t *testing.T) {
	forge := func(h *harness, seen string, source int64) {
		h.agentCommitsUnderTheBotsName(source)
		forged := h.receiptFor(seen, source, h.head)
		h.fake.AddAppComment(prRepo, prNumber, githubtest.Bot, githubtest.ActionsAppID, forged.Reply(commandReviewer.Login))
	}
	for name, tc := range map[string]struct {
		open   func(t *testing.T) *harness
		record func(h *harness, seen string, source int64)
		want   string
	}{
		"receipt posted with a workflow's GITHUB_TOKEN": {open: newAppPullRequest, record: forge, want: "left no record"},
		// The residual the App closes: without it, storygate's identity is
		// GITHUB_TOKEN's, and the same receipt is a decision.
		"Actions-only: the same receipt (the residual)": {open: newPullRequest, record: forge},
		"recorded by the App (control)": {
			open: newAppPullRequest,
			record: func(h *harness, _ string, source int64) {
				h.asTheApp()
				h.storygateRecords(source)
				if c := h.fake.Comments(prRepo, prNumber); c[len(c)-1].App != storygateApp {
					t.Errorf("the receipt was not posted by the App: %+v", c[len(c)-1])
				}
			},
		},
	} {
		t.Run(name, func(t *testing.T) {
			h := tc.open(t)
			seen := h.head
			id := h.fake.AddComment(prRepo, prNumber, commandReviewer, "/approve-plan STORY-002")
			tc.record(h, seen, id)
			h.withoutTheApp()
			code, findings := h.pullRequestGate()
			if tc.want == "" {
				assertGreen(t, code, findings)
				return
			}
			onlyFinding(t, code, findings, lifecycleStory, "hitl/decision-unverified", tc.want)
		})
	}
}
