package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// prRepo is Codertocat/Hello-World, the repository of the recorded
// pull_request payloads; its pull request is #2.
const (
	prRepo   = "Codertocat/Hello-World"
	prNumber = 2
)

// harness is one repository, one fake GitHub and the Actions environment.
type harness struct {
	t                  *testing.T
	repo               *testrepo.Repo
	fake               *githubtest.Server
	env                fakeEnv
	base, head         string
	tmp                string
	results, summary   string
	outputs, eventFile string
	stdout, stderr     bytes.Buffer
	// pkg is the package the run's root is ("" for the repository's top,
	// "pkg/" for a package of a monorepo): the stories' and files' place.
	pkg string
	// lookPath is the bot's Deps.LookPath (nil: exec.LookPath).
	lookPath func(string) (string, error)
}

// fakeEnv is the environment the bot sees; nothing comes from the process,
// so a test never sees the environment of a CI job it happens to run in.
type fakeEnv map[string]string

func (e fakeEnv) Getenv(key string) string { return e[key] }

func (e fakeEnv) Environ() []string {
	out := []string{"PATH=" + os.Getenv("PATH")}
	for k, v := range e {
		out = append(out, k+"="+v)
	}
	return out
}

// workTreeConfig loads the work tree's configuration; which revision's
// configuration governs a run is the command line's loader, tested there.
type workTreeConfig struct{}

func (workTreeConfig) Load(root, explicit, _ string) (*config.Config, string, error) {
	cfg, err := config.Load(root, explicit)
	return cfg, "", err
}

// Policy reads the work tree too: tests of the base policy use the command
// line's loader.
func (workTreeConfig) Policy(root, explicit, _ string) (*config.Config, error) {
	return config.Load(root, explicit)
}

func demoFile(t *testing.T, name string) string {
	t.Helper()
	_, self, _, _ := runtime.Caller(0)
	data, err := os.ReadFile(filepath.Join(filepath.Dir(self), "..", "..", "examples", "demo", "stories", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// newHarness commits STORY-001 (done) as the base and adds STORY-002
// (waiting at plan_review) and STORY-003 (with errors) in the head.
func newHarness(t *testing.T) *harness { return newHarnessIn(t, "") }

// newHarnessIn is newHarness with the stories in the package pkg, the
// run's root ("" for the top).
func newHarnessIn(t *testing.T, pkg string) *harness { return newHarnessWith(t, pkg, nil) }

// newHarnessWith is newHarnessIn with more files in the base commit (a
// base policy).
func newHarnessWith(t *testing.T, pkg string, base map[string]string) *harness {
	t.Parallel()
	h := &harness{t: t, repo: testrepo.New(t), fake: githubtest.New(t, githubtest.WithRunName(gateRunName)), tmp: t.TempDir(), pkg: pkg}
	h.repo.Write(map[string]string{pkg + "stories/STORY-001.md": doneDemoStory(t)})
	h.repo.Write(base)
	h.base = h.repo.Commit("base")
	h.repo.Write(map[string]string{pkg + "stories/STORY-002.md": demoFile(t, "STORY-002.md"), pkg + "stories/STORY-003.md": demoFile(t, "STORY-003.md")})
	h.head = h.repo.Commit("head")
	h.results, h.summary = filepath.Join(h.tmp, "results.json"), filepath.Join(h.tmp, "summary.md")
	h.outputs, h.eventFile = filepath.Join(h.tmp, "outputs"), filepath.Join(h.tmp, "event.json")
	h.env = fakeEnv{"GITHUB_API_URL": h.fake.URL, "GITHUB_TOKEN": h.fake.Token, "GITHUB_WORKSPACE": h.repo.Root,
		"RUNNER_TEMP": h.tmp, "GITHUB_STEP_SUMMARY": h.summary, "GITHUB_OUTPUT": h.outputs,
		"GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": prRepo, "GITHUB_RUN_ID": "99"}
	return h
}

// doneDemoStory is examples/demo's STORY-001 (done) with verification
// commands the gate can run.
func doneDemoStory(t *testing.T) string {
	done := strings.Replace(demoFile(t, "STORY-001.md"), "command: go test ./src/orders/...", `command: "true"`, 1)
	return strings.Replace(done, "command: ./scripts/bench-orders.sh", "command: echo p95_ok", 1)
}

// event writes a recorded payload, its SHAs pointing at the test
// repository, and makes it the run's event.
func (h *harness) event(kind, name string, edits ...githubtest.Edit) {
	h.t.Helper()
	payload := githubtest.LoadWebhook(h.t, name, h.head, h.base, edits...)
	if err := os.WriteFile(h.eventFile, payload, 0o644); err != nil {
		h.t.Fatal(err)
	}
	h.env["GITHUB_EVENT_NAME"] = kind
	h.env["GITHUB_EVENT_PATH"] = h.eventFile
	h.seedPullRequest(kind, payload)
}

// bot is the bot under test with the harness's fakes.
func (h *harness) bot() *Bot {
	h.stdout.Reset()
	h.stderr.Reset()
	return New(Deps{Env: h.env, GitHub: Credentials{Env: h.env, Version: "test", Retry: noWaiting()}, Config: workTreeConfig{},
		Revert: RevertCheck, Now: time.Now, Stdout: &h.stdout, Stderr: &h.stderr, Version: "test", LookPath: h.lookPath})
}

// options are the flags of a run in the harness's repository for its
// event; edits adjust them.
func (h *harness) options(edits ...func(*ActionOptions)) ActionOptions {
	o := ActionOptions{Root: filepath.Join(h.repo.Root, h.pkg), Results: h.results, EventName: h.env["GITHUB_EVENT_NAME"], EventPath: h.env["GITHUB_EVENT_PATH"]}
	for _, edit := range edits {
		edit(&o)
	}
	return o
}

// status folds what the bot returned into one comparable value.
type status string

const (
	passed        status = "passed"
	failed        status = "failed"
	usageFailure  status = "usage error"
	internalError status = "internal error"
)

func statusOf(outcome Outcome, err error) status {
	switch {
	case errors.Is(err, ErrUsage):
		return usageFailure
	case err != nil:
		return internalError
	case outcome == Failed:
		return failed
	}
	return passed
}

// action runs storygate action as one job: its checkout first fetches
// what GitHub holds (h.pull), as a job's checkout does when it starts; what
// GitHub commits during the job, the job's checkout never sees.
func (h *harness) action(edits ...func(*ActionOptions)) status {
	h.pull()
	return statusOf(h.bot().Action(context.Background(), h.options(edits...)))
}

func (h *harness) publish(results string) status {
	return statusOf(Passed, h.bot().Publish(context.Background(), PublishOptions{Results: results}))
}

func (h *harness) document() *gate.Results {
	h.t.Helper()
	res, err := gate.ReadFile(h.results)
	if err != nil {
		h.t.Fatal(err)
	}
	return res
}

// checkRuns maps check run names to conclusions.
func (h *harness) checkRuns() map[string]string {
	out := map[string]string{}
	for _, r := range h.fake.CheckRuns() {
		out[r.Name] = r.Conclusion
	}
	return out
}

func TestActionPullRequestPublishesChecksAndOneComment(t *testing.T) {
	h := newHarness(t)
	h.event("pull_request", "pull_request.opened")
	if code := h.action(); code != failed {
		t.Fatalf("got %s, want 1 (STORY-003 has errors)\n%s", code, h.stderr.String())
	}
	want := map[string]string{"storygate / stories": "failure", "storygate / verify": "neutral", "storygate / revert-check": "neutral"}
	if got := h.checkRuns(); !equalMaps(got, want) {
		t.Errorf("check runs %v, want %v", got, want)
	}
	res := h.document()
	stories, _ := res.Gate(gate.Stories)
	runs := h.fake.CheckRuns()
	if len(runs[0].Annotations) != len(stories.Diagnostics) || len(stories.Diagnostics) == 0 || runs[0].HeadSHA != h.head {
		t.Errorf("stories check run: %d annotations on %s, document has %d findings", len(runs[0].Annotations), runs[0].HeadSHA, len(stories.Diagnostics))
	}
	comments := h.fake.Comments(prRepo, prNumber)
	if len(comments) != 1 || !strings.Contains(comments[0].Body, "STORY-002") || !strings.Contains(comments[0].Body, "```mermaid") {
		t.Fatalf("want one sticky comment with the stories, got %+v", comments)
	}
	if res.Event.PullRequest != prNumber || res.Event.HeadSHA != h.head || res.Event.BaseSHA != h.base || !strings.HasSuffix(res.Event.RunURL, "/actions/runs/99") {
		t.Errorf("document event: %+v", res.Event)
	}
	if summary, _ := os.ReadFile(h.summary); !strings.Contains(string(summary), "storygate / stories") {
		t.Errorf("step summary: %q", summary)
	}
	if out, _ := os.ReadFile(h.outputs); !strings.Contains(string(out), "conclusion<<") || !strings.Contains(string(out), h.results) {
		t.Errorf("outputs: %q", out)
	}
}

func TestActionSecondRunEditsTheCommentOnlyWhenItChanged(t *testing.T) {
	h := newHarness(t)
	h.event("pull_request", "pull_request.opened")
	h.action()
	h.fake.ResetCalls()
	h.action()
	if edits := h.fake.CallsTo("PATCH", "/repos/{owner}/{repo}/issues/comments/{comment_id}"); len(edits) != 0 {
		t.Errorf("an unchanged report was written again: %d edits", len(edits))
	}
	h.repo.Remove("stories/STORY-003.md")
	h.head = h.repo.Commit("drop the broken story")
	h.event("pull_request", "pull_request.synchronize")
	h.fake.ResetCalls()
	if code := h.action(); code != passed {
		t.Errorf("got %s after the fix\n%s", code, h.stderr.String())
	}
	// A new head's report is a new comment and the old one is deleted
	// (issue 24: a comment is edited in place only by a run of the head it
	// reports, so a stale run can never erase a newer report).
	edits, posts := h.fake.CallsTo("PATCH", oneCommentRoute), h.fake.CallsTo("POST", commentsRoute)
	if deletes := h.fake.CallsTo("DELETE", oneCommentRoute); len(edits) != 0 || len(posts) != 1 || len(deletes) != 1 {
		t.Errorf("a new head's report must replace the comment once: %d edits, %d posts, %d deletes", len(edits), len(posts), len(deletes))
	}
	if n := len(h.fake.Comments(prRepo, prNumber)); n != 1 {
		t.Errorf("%d comments, want exactly one", n)
	}
	if got := h.checkRuns()["storygate / stories"]; got != "action_required" {
		t.Errorf("stories after the fix = %s, want action_required (STORY-002 waits at plan_review)", got)
	}
}

// TestActionCallBudget: one gate run costs at most 8 + ⌈annotations/50⌉ +
// pages of reads, however many stories the change holds (8: issue 24
// added two reads of the pull request's head, before the check runs and
// after the comment).
func TestActionCallBudget(t *testing.T) {
	h := newHarness(t)
	files := map[string]string{}
	for i := 10; i < 70; i++ {
		files[filepathFor(i)] = strings.ReplaceAll(demoFile(t, "STORY-003.md"), "STORY-003", storyID(i))
	}
	h.repo.Write(files)
	h.head = h.repo.Commit("sixty more broken stories")
	h.event("pull_request", "pull_request.synchronize")
	h.action()
	annotations := 0
	for _, g := range h.document().Gates {
		annotations += len(g.Diagnostics)
	}
	budget := 8 + (annotations+49)/50 + 1
	if calls := len(h.fake.Calls()); calls > budget || annotations < 150 {
		t.Errorf("%d calls for %d annotations; budget %d", calls, annotations, budget)
	}
}

func storyID(i int) string     { return fmt.Sprintf("STORY-%03d", i) }
func filepathFor(i int) string { return "stories/" + storyID(i) + ".md" }

func TestActionMergeGroupPostsNoComment(t *testing.T) {
	h := newHarness(t)
	h.event("merge_group", "merge_group.checks_requested")
	h.action()
	if len(h.fake.CheckRuns()) != 3 || len(h.fake.CallsTo("GET", "/repos/{owner}/{repo}/issues/{issue_number}/comments")) != 0 {
		t.Errorf("merge queue: %d check runs; calls %v", len(h.fake.CheckRuns()), h.fake.Calls())
	}
	if runs := h.fake.CheckRuns(); runs[0].Repo != "octo-org/octo-repo" || runs[0].HeadSHA != h.head {
		t.Errorf("check run on %s@%s", runs[0].Repo, runs[0].HeadSHA)
	}
}

func TestActionCheckRunRerequested(t *testing.T) {
	h := newHarness(t)
	h.event("check_run", "check_run.rerequested")
	if code := h.action(); code != passed || len(h.fake.Calls()) != 0 {
		t.Errorf("another app's check run must be ignored: got %s, %d calls", code, len(h.fake.Calls()))
	}
	h.event("check_run", "check_run.rerequested", func(p map[string]any) {
		p["check_run"].(map[string]any)["name"] = "storygate / stories"
	})
	h.action()
	if runs := h.fake.CheckRuns(); len(runs) != 3 || runs[0].HeadSHA != h.head {
		t.Errorf("re-requested gate: %+v", runs)
	}
}

func TestActionWorkflowDispatch(t *testing.T) {
	h := newHarness(t)
	h.event("workflow_dispatch", "workflow_dispatch")
	h.env["GITHUB_SHA"] = h.head
	h.action(func(o *ActionOptions) { o.Base = h.base })
	res := h.document()
	if len(h.fake.CheckRuns()) != 3 || res.Event.BaseSHA != h.base || len(res.Notes) != 0 {
		t.Errorf("dispatch: %d runs, event %+v, notes %v", len(h.fake.CheckRuns()), res.Event, res.Notes)
	}
}

func TestActionShallowCheckoutSaysHowToFixIt(t *testing.T) {
	h := newHarness(t)
	h.base = strings.Repeat("e", 40) // not in the clone
	h.event("pull_request", "pull_request.opened")
	if err := os.WriteFile(filepath.Join(h.repo.Root, ".git", "shallow"), []byte(h.head+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code := h.action()
	if code != usageFailure || !strings.Contains(h.stderr.String(), "fetch-depth: 0") || len(h.fake.Calls()) != 0 {
		t.Errorf("got %s, stderr %s", code, h.stderr.String())
	}
}

func TestActionIgnoresClosedPullRequests(t *testing.T) {
	h := newHarness(t)
	h.event("pull_request", "pull_request.opened", func(p map[string]any) { p["action"] = "closed" })
	if code := h.action(); code != passed || len(h.fake.Calls()) != 0 {
		t.Errorf("closed: got %s, %d calls", code, len(h.fake.Calls()))
	}
}

func TestActionUnknownEventIsAUsageError(t *testing.T) {
	h := newHarness(t)
	h.env["GITHUB_EVENT_NAME"] = "push"
	if code := h.action(); code != usageFailure || !strings.Contains(h.stderr.String(), "pull_request") {
		t.Errorf("got %s: %s", code, h.stderr.String())
	}
}

func TestActionLocalRunPrintsTheReport(t *testing.T) {
	h := newHarness(t)
	h.env["GITHUB_EVENT_NAME"] = "pull_request" // --event-name local wins, even inside a CI job
	code := h.action(func(o *ActionOptions) { o.EventName, o.Base = "local", h.base })
	out := h.stdout.String()
	if code != failed || !strings.HasPrefix(out, "## ❌ storygate") || !strings.Contains(out, "STORY-003") || len(h.fake.Calls()) != 0 {
		t.Errorf("got %s, %d calls, report:\n%s", code, len(h.fake.Calls()), out)
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestActionRevertCheckDecidesGovernedEdits(t *testing.T) {
	h := newHarness(t)
	h.repo.Write(map[string]string{
		".github/storygate.yml": "revert:\n  suite: grep -q fixed tests/expected.txt\n",
		"tests/expected.txt":    "old\n",
	})
	h.base = h.repo.Commit("suite")
	h.repo.Write(map[string]string{"tests/expected.txt": "fixed\n", "tests/new.txt": "created\n"})
	h.head = h.repo.Commit("edit a governed file")
	h.event("pull_request", "pull_request.synchronize")
	h.action(func(o *ActionOptions) { o.Gates = "revert-check" })
	g, _ := h.document().Gate(gate.RevertCheck)
	if g.Conclusion != gate.Failure || len(g.Diagnostics) != 1 || g.Diagnostics[0].Rule != "revert/may-not-create" || g.Diagnostics[0].File != "tests/new.txt" {
		t.Errorf("revert gate: %+v", g)
	}
	if !strings.Contains(g.Title, "forced") {
		t.Errorf("the edit is load-bearing (the suite fails without it): %q", g.Title)
	}
}

// TestActionWorkflowDispatchForAPullRequest is the run the slash-command
// handler starts: the inputs name the pull request and its commits, and the
// gate reports on them as a pull_request run would.
func TestActionWorkflowDispatchForAPullRequest(t *testing.T) {
	h := newHarness(t)
	h.event("workflow_dispatch", "workflow_dispatch", func(p map[string]any) {
		p["inputs"] = map[string]any{"pull_request": "2", "head_sha": h.head, "base_sha": h.base}
	})
	h.env["GITHUB_SHA"] = h.base // the default branch the workflow was dispatched on
	if code := h.action(); code != failed {
		t.Fatalf("got %s\n%s", code, h.stderr.String())
	}
	res := h.document()
	if res.Event.PullRequest != prNumber || res.Event.HeadSHA != h.head || res.Event.BaseSHA != h.base {
		t.Errorf("document event %+v", res.Event)
	}
	dispatchRepo := "octo-org/octo-repo" // the recorded payload's repository
	if runs := h.fake.CheckRuns(); len(runs) != 3 || runs[0].HeadSHA != h.head || len(h.fake.Comments(dispatchRepo, prNumber)) != 1 {
		t.Errorf("check runs %+v, comments %d", runs, len(h.fake.Comments(dispatchRepo, prNumber)))
	}
	h.event("workflow_dispatch", "workflow_dispatch", func(p map[string]any) {
		p["inputs"] = map[string]any{"pull_request": "2", "head_sha": "HEAD"}
	})
	if code := h.action(); code != usageFailure || !strings.Contains(h.stderr.String(), "head_sha") {
		t.Errorf("inputs without full SHAs: got %s\n%s", code, h.stderr.String())
	}
}

func mustRepo(t *testing.T, name string) github.Repo {
	t.Helper()
	r, err := github.ParseRepo(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// gateRunName is the name the shipped gate workflow's run-name gives a
// dispatched run (gate.DispatchRunName of its inputs; internal/pairtest
// checks the workflow file gives that very name).
func gateRunName(_ string, inputs map[string]string) string {
	pr, _ := strconv.Atoi(inputs[dispatchPullRequest])
	return gate.DispatchRunName(pr, inputs[dispatchHead])
}
