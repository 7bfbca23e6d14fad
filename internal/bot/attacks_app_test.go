package bot

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
	t.Parallel()
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

// TestAppModeCommandsNeedTheApp: where the policy pins storygate to its
// App, a commands job holding only a workflow's GITHUB_TOKEN (a
// workflow left over from Actions-only mode, or one an agent added)
// handles nothing: no commit, no receipt, no reply, no reaction, no gate
// run, and the job fails saying why. What it wrote would not be
// storygate's, and what it read back as its own could be any workflow's.
// The control, the same command with the App's key, is recorded.
func TestAppModeCommandsNeedTheApp(t *testing.T) {
	t.Parallel()
	for _, asApp := range []bool{false, true} {
		t.Run(map[bool]string{false: "GITHUB_TOKEN", true: "the App (control)"}[asApp], func(t *testing.T) {
			h := newAppPullRequest(t)
			if asApp {
				h.asTheApp()
			}
			body := "/approve-plan STORY-002"
			id := h.fake.AddComment(prRepo, prNumber, commandReviewer, body)
			code := h.commented(id, body, commandReviewer)
			commits, comments, runs := h.fake.Commits(prRepo, "feature"), h.fake.Comments(prRepo, prNumber), h.fake.Dispatches()
			if asApp {
				if code != passed || len(commits) != 1 || len(comments) != 2 || comments[1].App != storygateApp || len(runs) != 1 {
					t.Errorf("the App's run: got %s, commits %d, comments %+v, gate runs %d; want the decision recorded by the App\n%s",
						code, len(commits), comments, len(runs), h.stderr.String())
				}
				return
			}
			if code == passed || !strings.Contains(h.stderr.String(), "not storygate's GitHub App") {
				t.Errorf("got %s, want a failure naming the App\n%s", code, h.stderr.String())
			}
			if len(commits) != 0 || len(comments) != 1 || len(comments[0].Reactions) != 0 || len(runs) != 0 {
				t.Errorf("a refused run wrote: commits %+v, comments %+v, gate runs %+v", commits, comments, runs)
			}
		})
	}
}

// TestAppModeDriftIssuesNeedTheApp: the re-verification files drift
// issues and finds its own by the account that opened them, so where the
// policy pins storygate to its App a run holding only GITHUB_TOKEN files
// nothing and says why; the control, with the App's key, files the issue
// as the App.
func TestAppModeDriftIssuesNeedTheApp(t *testing.T) {
	t.Parallel()
	for _, asApp := range []bool{false, true} {
		t.Run(map[bool]string{false: "GITHUB_TOKEN", true: "the App (control)"}[asApp], func(t *testing.T) {
			t.Parallel()
			fake := githubtest.New(t)
			fake.RegisterTestApp(storygateApp, 7)
			root := t.TempDir()
			for name, text := range map[string]string{"stories/STORY-001.md": driftedStory, ".github/storygate.yml": appPolicy()} {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			env := fakeEnv{"GITHUB_API_URL": fake.URL, "GITHUB_TOKEN": fake.Token, "GITHUB_REPOSITORY": "o/r", "RUNNER_TEMP": t.TempDir()}
			if asApp {
				env["INPUT_APP-ID"], env["INPUT_INSTALLATION-ID"], env["INPUT_PRIVATE-KEY"] = strconv.Itoa(storygateApp), "7", string(githubtest.AppKeyPEM())
			}
			var out, errOut bytes.Buffer
			b := New(Deps{Env: env, GitHub: Credentials{Env: env}, Config: workTreeConfig{}, Stdout: &out, Stderr: &errOut})
			got := statusOf(b.Action(context.Background(), ActionOptions{Root: root, EventName: "schedule"}))
			issues := fake.Issues("o/r")
			if asApp {
				if got != failed || len(issues) != 1 || issues[0].App != storygateApp {
					t.Errorf("got %s, issues %+v: want the drift and one issue opened by the App\n%s", got, issues, errOut.String())
				}
				return
			}
			if got != usageFailure || len(issues) != 0 || !strings.Contains(errOut.String(), "not storygate's GitHub App") {
				t.Errorf("got %s, issues %+v: want a usage error naming the App and no issue\n%s", got, issues, errOut.String())
			}
		})
	}
}

// TestTheGateJobPublishesOnlyAsTheApp: the pull request's gate in a
// repository whose policy pins storygate to its App. With the App's key
// it posts its check runs and the sticky comment through the App, and
// the comment does not say it is forgeable. With only GITHUB_TOKEN and
// report-only auto it writes nothing to GitHub and reports with
// annotations, warning why; with report-only false it fails. The
// control, Actions-only mode (the default policy, GITHUB_TOKEN), posts
// as GitHub Actions and the comment says at its top that it is forgeable.
func TestTheGateJobPublishesOnlyAsTheApp(t *testing.T) {
	t.Parallel()
	const warning = "**Actions-only mode:**"
	for name, tc := range map[string]struct {
		open       func(t *testing.T) *harness
		asApp      bool
		reportOnly string
		// app is the app the check runs and comment are posted through;
		// 0: none posted.
		app       int64
		want      status
		forgeable bool
	}{
		"the App":                         {open: newAppPullRequest, asApp: true, app: storygateApp, want: passed},
		"GITHUB_TOKEN, auto":              {open: newAppPullRequest, want: passed},
		"GITHUB_TOKEN, report-only false": {open: newAppPullRequest, reportOnly: "false", want: internalError},
		"Actions-only (control)":          {open: newPullRequest, app: githubtest.ActionsAppID, want: passed, forgeable: true},
	} {
		t.Run(name, func(t *testing.T) {
			h := tc.open(t)
			if tc.asApp {
				h.asTheApp()
			}
			h.event("pull_request", "pull_request.synchronize")
			got := h.action(func(o *ActionOptions) { o.ReportOnly = tc.reportOnly })
			if got != tc.want {
				t.Fatalf("got %s, want %s\n%s%s", got, tc.want, h.stdout.String(), h.stderr.String())
			}
			runs, comments := h.fake.CheckRuns(), h.fake.Comments(prRepo, prNumber)
			if tc.app == 0 {
				if len(runs) != 0 || len(comments) != 0 {
					t.Errorf("wrote without the App: check runs %+v, comments %+v", runs, comments)
				}
				if tc.reportOnly == "" && !strings.Contains(h.stdout.String(), "not storygate's GitHub App") {
					t.Errorf("no warning naming the App:\n%s", h.stdout.String())
				}
				return
			}
			if len(runs) == 0 || len(comments) != 1 || comments[0].App != tc.app {
				t.Fatalf("check runs %+v, comments %+v: want them posted through app %d", runs, comments, tc.app)
			}
			for _, r := range runs {
				if r.App != tc.app {
					t.Errorf("check run %s through app %d, want %d", r.Name, r.App, tc.app)
				}
			}
			if says := strings.Contains(comments[0].Body, warning); says != tc.forgeable {
				t.Errorf("the comment says it is forgeable: %v, want %v\n%s", says, tc.forgeable, comments[0].Body)
			}
		})
	}
}
