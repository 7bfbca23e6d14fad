package appbot_test

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/bot"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/serve"
)

// noCredentials is the gate job's ClientFactory in report-only mode.
type noCredentials struct{}

func (noCredentials) NewClient(int64, github.Timeouts) (bot.Client, error) {
	return nil, bot.ErrNoCredentials
}

// gateEnv is the unprivileged gate job's environment.
type gateEnv map[string]string

func (e gateEnv) Getenv(k string) string { return e[k] }
func (e gateEnv) Environ() []string      { return []string{"PATH=" + os.Getenv("PATH")} }

// gateRun is the unprivileged half, as the repository's gate workflow
// runs it on pull_request: the gate (the stories gate: it runs nothing)
// on the pull request's head, report-only, leaving the results document
// it uploads as the storygate-results artifact. It returns the id of the
// gate's workflow run, which the artifact belongs to.
func (w *world) gateRun(full string) int64 {
	w.t.Helper()
	r := w.repos[full]
	runID := w.fake.AddWorkflowRun(githubtest.WorkflowRun{Repo: full, Event: "pull_request", HeadBranch: "feature", HeadSHA: r.head,
		Path: ".github/workflows/storygate.yml", Actor: githubtest.User{Login: "coding-agent"}})
	dir := w.t.TempDir()
	owner, name, _ := strings.Cut(full, "/")
	event := filepath.Join(dir, "event.json")
	if err := os.WriteFile(event, w.payload("pull_request.opened.1", r.head, r.base, githubtest.WithRepo(owner, name)), 0o600); err != nil {
		w.t.Fatal(err)
	}
	results := filepath.Join(dir, "results.json")
	env := gateEnv{"GITHUB_WORKSPACE": r.repo.Root, "RUNNER_TEMP": dir, "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": full,
		"GITHUB_RUN_ID": itoa(runID)}
	var out bytes.Buffer
	b := bot.New(bot.Deps{Env: env, GitHub: noCredentials{}, Stdout: &out, Stderr: &out, Version: "test"})
	_, err := b.Action(context.Background(), bot.ActionOptions{Root: r.repo.Root, Gates: "stories", EventName: "pull_request", EventPath: event,
		Results: results, ReportOnly: "true"})
	if err != nil {
		w.t.Fatalf("the gate job: %v\n%s", err, out.String())
	}
	doc, err := os.ReadFile(results)
	if err != nil {
		w.t.Fatal(err)
	}
	w.fake.AddArtifact(full, runID, "storygate-results", zipped(w.t, "results.json", doc))
	return runID
}

func zipped(t testing.TB, name string, data []byte) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	f, err := zw.Create(name)
	if err == nil {
		_, err = io.Copy(f, bytes.NewReader(data))
	}
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// runCompleted is the workflow_run delivery of the gate run runID.
func (w *world) runCompleted(full string, runID int64, workflow, conclusion string) serve.Delivery {
	r := w.repos[full]
	owner, name, _ := strings.Cut(full, "/")
	body := w.payload("workflow_run.completed.2", "", "", githubtest.WithRepo(owner, name), func(p map[string]any) {
		p["repository"].(map[string]any)["default_branch"] = "master"
		wr := p["workflow_run"].(map[string]any)
		wr["id"], wr["path"], wr["event"], wr["conclusion"], wr["head_sha"], wr["head_branch"] = runID, ".github/workflows/"+workflow, "pull_request", conclusion, r.head, "feature"
		wr["html_url"] = "https://github.com/" + full + "/actions/runs/" + itoa(runID)
		wr["pull_requests"] = []any{map[string]any{"number": prNumber}}
		wr["head_repository"] = map[string]any{"full_name": full}
	})
	return w.delivery("workflow_run", body)
}

// TestTheAppPublishesTheGateJobsResults: a completed gate run's document
// is downloaded, judged again from the pull request's commits fetched as
// data, and posted as check runs and the sticky comment, all the App's
// (app 4242); a replay posts nothing more. Runs of other workflows and
// cancelled runs are ignored without a call to GitHub.
func TestTheAppPublishesTheGateJobsResults(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.addRepo(hello)
	runID := w.gateRun(hello)
	for _, ignored := range []serve.Delivery{w.runCompleted(hello, runID, "other.yml", "failure"), w.runCompleted(hello, runID, "storygate.yml", "cancelled")} {
		if out, err := w.handler().Handle(context.Background(), ignored); err != nil || out != serve.Ignored {
			t.Fatalf("got %s, %v; want ignored", out, err)
		}
	}
	if calls := w.fake.Calls(); len(calls) != 0 {
		t.Fatalf("ignored runs called GitHub: %+v", calls)
	}
	d := w.runCompleted(hello, runID, "storygate.yml", "failure")
	if out, err := w.handler().Handle(context.Background(), d); err != nil || out != serve.Handled {
		t.Fatalf("got %s, %v", out, err)
	}
	checkOnePublication(t, w, hello)
	if out, err := w.handler().Handle(context.Background(), d); err != nil || out != serve.Duplicate {
		t.Fatalf("replay: %s, %v", out, err)
	}
	checkOnePublication(t, w, hello)
}

// TestTwoReplicasPublishARunOnce: the same workflow_run delivery at two
// replicas at once (held apart, then racing) leaves one check run per
// gate and one comment.
func TestTwoReplicasPublishARunOnce(t *testing.T) {
	t.Parallel()
	for round := range 4 {
		w := newWorld(t)
		w.addRepo(hello)
		d := w.runCompleted(hello, w.gateRun(hello), "storygate.yml", "failure")
		raceReplicas(t, w, d, round, round < 2)
		checkOnePublication(t, w, hello)
	}
}

// checkOnePublication: one check run per gate on the head, each the
// App's, and one sticky comment by the App.
func checkOnePublication(t *testing.T, w *world, full string) {
	t.Helper()
	r := w.repos[full]
	names := map[string]int{}
	for _, run := range w.fake.CheckRuns() {
		if run.HeadSHA != r.head {
			continue
		}
		names[run.Name]++
		if run.App != appID {
			t.Errorf("check run %q was made through app %d, not the App", run.Name, run.App)
		}
	}
	if len(names) == 0 || names["storygate / stories"] != 1 {
		t.Fatalf("check runs on the head: %v", names)
	}
	for name, n := range names {
		if n != 1 {
			t.Errorf("%d check runs named %q", n, name)
		}
	}
	sticky := 0
	for _, c := range w.fake.Comments(full, prNumber) {
		if c.Author == githubtest.AppBot(appID) && strings.Contains(c.Body, "STORY-002") {
			sticky++
		}
	}
	if sticky != 1 {
		t.Errorf("%d comments by the App reporting the stories, want 1: %+v", sticky, w.fake.Comments(full, prNumber))
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
