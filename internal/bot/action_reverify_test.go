package bot

import (
	"bytes"
	"context"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/reverify"
	"github.com/storygate/storygate/internal/testrepo"
)

// reverifyPhase runs one job of storygate-reverify.yml: env on top of the
// run's own variables.
func reverifyPhase(t *testing.T, env fakeEnv, opts ActionOptions) (status, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	b := New(Deps{Env: env, GitHub: Credentials{Env: env}, Config: workTreeConfig{}, Stdout: &out, Stderr: &errOut})
	return statusOf(b.Action(context.Background(), opts)), errOut.String()
}

// unprivilegedDriftPhase runs the unprivileged job on a repository whose
// done story drifted: the fake GitHub, the run's variables and the
// document it wrote.
func unprivilegedDriftPhase(t *testing.T) (*githubtest.Server, fakeEnv, string) {
	t.Helper()
	fake := githubtest.New(t)
	repo := testrepo.New(t)
	repo.Write(map[string]string{"stories/STORY-001.md": driftedStory})
	sha := repo.Commit("a done story whose verification now fails")
	results := filepath.Join(t.TempDir(), "reverify.json")
	run := fakeEnv{"GITHUB_API_URL": fake.URL, "GITHUB_TOKEN": fake.Token, "GITHUB_REPOSITORY": "o/r", "GITHUB_RUN_ID": "42",
		"GITHUB_SHA": sha, "RUNNER_TEMP": t.TempDir(), "GITHUB_STEP_SUMMARY": filepath.Join(t.TempDir(), "summary.md")}
	got, stderr := reverifyPhase(t, run, ActionOptions{Root: repo.Root, EventName: "schedule", ReportOnly: "true", Results: results})
	if got != failed || len(fake.Calls()) != 0 {
		t.Fatalf("unprivileged phase: %s, calls %v; want failed on drift and no GitHub call\n%s", got, fake.Calls(), stderr)
	}
	return fake, run, results
}

// TestReverifyTwoPhases: the unprivileged job reruns and files nothing; the
// privileged one, with no checkout, files the drift issue from the
// document of its own run and refuses another run's.
func TestReverifyTwoPhases(t *testing.T) {
	t.Parallel()
	fake, run, results := unprivilegedDriftPhase(t)
	sha := run["GITHUB_SHA"]
	doc, err := reverify.ReadDocument(results, reverify.Binding{Repository: "o/r", ID: "42", Commit: sha})
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Stories) != 1 || len(doc.Stories[0].Results) != 1 || doc.Stories[0].Results[0].Sandboxed != doc.Sandbox.Isolated {
		t.Fatalf("document %+v, want one story's rerun and the isolation it ran with", doc)
	}

	privileged := maps.Clone(run)
	privileged["INPUT_REVERIFY"] = "publish"
	replay := maps.Clone(privileged)
	replay["GITHUB_RUN_ID"] = "43"
	if got, stderr := reverifyPhase(t, replay, ActionOptions{Root: t.TempDir(), EventName: "schedule", Results: results}); got != usageFailure ||
		!strings.Contains(stderr, "not this run's") || len(fake.Issues("o/r")) != 0 {
		t.Fatalf("another run's document: %s, issues %+v\n%s", got, fake.Issues("o/r"), stderr)
	}
	got, stderr := reverifyPhase(t, privileged, ActionOptions{Root: t.TempDir(), EventName: "schedule", Results: results})
	if issues := fake.Issues("o/r"); got != failed || len(issues) != 1 || !strings.Contains(issues[0].Body, reverify.Marker("STORY-001")) {
		t.Fatalf("privileged phase: %s, issues %+v; want the drift issue\n%s", got, issues, stderr)
	}
	if summary, _ := os.ReadFile(run["GITHUB_STEP_SUMMARY"]); !strings.Contains(string(summary), "#1 (created)") {
		t.Errorf("summary lacks the filed issue:\n%s", summary)
	}
}
