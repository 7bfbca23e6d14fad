package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// actionEnv is everything storygate action and publish read from the
// environment; all of it is set (empty when unused) so a test never sees
// the environment of a CI job it happens to run in.
var actionEnv = []string{"GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH", "GITHUB_API_URL", "GITHUB_TOKEN", "GITHUB_WORKSPACE",
	"RUNNER_TEMP", "GITHUB_STEP_SUMMARY", "GITHUB_OUTPUT", "GITHUB_SHA", "GITHUB_REF", "GITHUB_REPOSITORY", "GITHUB_SERVER_URL",
	"GITHUB_RUN_ID", "INPUT_TOKEN", "INPUT_APP-ID", "INPUT_PRIVATE-KEY", "INPUT_INSTALLATION-ID", "INPUT_CONFIG", "INPUT_GATES",
	"INPUT_REPORT-ONLY", "INPUT_BASE", "INPUT_RESULTS", "INPUT_SARIF", "INPUT_EVENT-NAME", "INPUT_REVERIFY", "INPUT_FILTER", "INPUT_ROOT"}

// actionRepo is a repository whose head adds a story with errors, the
// Actions environment pointing at it and at a fake GitHub; it returns the
// results document's path (the results input).
func actionRepo(t *testing.T) (repo *testrepo.Repo, base, results string, fake *githubtest.Server) {
	repo, fake, tmp := testrepo.New(t), githubtest.New(t), t.TempDir()
	repo.Write(map[string]string{"stories/STORY-001.md": string(demoStory(t, "STORY-001.md"))})
	base = repo.Commit("base")
	repo.Write(map[string]string{"stories/STORY-003.md": string(demoStory(t, "STORY-003.md"))})
	repo.Commit("head")
	results = filepath.Join(tmp, "results.json")
	for _, k := range actionEnv {
		t.Setenv(k, "")
	}
	for k, v := range map[string]string{"GITHUB_API_URL": fake.URL, "GITHUB_TOKEN": fake.Token, "GITHUB_WORKSPACE": repo.Root,
		"RUNNER_TEMP": tmp, "INPUT_RESULTS": results, "GITHUB_REPOSITORY": "o/r"} {
		t.Setenv(k, v)
	}
	return repo, base, results, fake
}

// TestActionExitCodes: the command line reads its flags and the action's
// inputs, runs the bot with the real dependencies and maps what it
// concluded to the exit codes of the CLI contract.
func TestActionExitCodes(t *testing.T) {
	_, base, results, fake := actionRepo(t)
	tests := []struct {
		name string
		env  map[string]string
		args []string
		want int
		out  string
	}{
		{"local run with findings", nil, []string{"--event-name", "local", "--base", base}, ExitFindings, "STORY-003"},
		{"gates input narrows the run", map[string]string{"INPUT_GATES": "verify", "INPUT_BASE": base, "INPUT_EVENT-NAME": "local"}, nil, ExitOK, "storygate"},
		{"unknown event", map[string]string{"GITHUB_EVENT_NAME": "push"}, nil, ExitUsage, "pull_request"},
		{"bad gates flag", nil, []string{"--event-name", "local", "--gates", "nope"}, ExitUsage, "unknown gate"},
		{"bad report-only flag", nil, []string{"--report-only=maybe"}, ExitUsage, "true, false or auto"},
		{"bad filter flag", nil, []string{"--event-name", "local", "--filter", "new"}, ExitUsage, "unknown filter mode"},
		{"--all contradicts --filter changed", nil, []string{"--event-name", "local", "--all", "--filter", "changed"}, ExitUsage, "contradict"},
		{"--all is read as --filter all", nil, []string{"--event-name", "local", "--base", base, "--all"}, ExitFindings, "STORY-003"},
		{"no payload", map[string]string{"GITHUB_EVENT_NAME": "pull_request"}, nil, ExitUsage, "no payload"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			code, out, errOut := run(t, append([]string{"action"}, tt.args...)...)
			if code != tt.want || !strings.Contains(out+errOut, tt.out) {
				t.Errorf("exit %d (want %d), output lacks %q:\n%s%s", code, tt.want, tt.out, out, errOut)
			}
		})
	}
	if len(fake.Calls()) != 0 {
		t.Errorf("local and refused runs called GitHub: %v", fake.Calls())
	}
	if _, err := os.Stat(results); err != nil {
		t.Errorf("the results input was not used: %v", err)
	}
}

func TestPublishExitCodes(t *testing.T) {
	_, _, results, fake := actionRepo(t)
	t.Setenv("INPUT_RESULTS", "")
	if code, _, errOut := run(t, "publish"); code != ExitUsage || !strings.Contains(errOut, "--results") {
		t.Errorf("publish without a document: exit %d %s", code, errOut)
	}
	t.Setenv("INPUT_RESULTS", results)
	if err := os.WriteFile(results, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := run(t, "publish"); code != ExitUsage || !strings.Contains(errOut, "storygate publish") {
		t.Errorf("publish of a document that is not JSON: exit %d %s", code, errOut)
	}
	if len(fake.Calls()) != 0 {
		t.Errorf("a refused document reached GitHub: %v", fake.Calls())
	}
}

func TestActionGateUsesTheBaseConfiguration(t *testing.T) {
	_, _, results, _ := actionRepo(t)
	repo, base := configRepo(t, "")
	t.Setenv("GITHUB_WORKSPACE", repo.Root)
	check := func(args ...string) *gate.Results {
		code, _, errOut := run(t, append([]string{"action", "--event-name", "local", "--gates", "stories", "--base", base}, args...)...)
		res, err := gate.ReadFile(results)
		if err != nil {
			t.Fatalf("exit %d, no document: %v\n%s", code, err, errOut)
		}
		return res
	}
	reported := func(res *gate.Results) bool {
		g, _ := res.Gate(gate.Stories)
		for _, d := range g.Diagnostics {
			if d.Rule == "authority/append-only" {
				return true
			}
		}
		return false
	}
	res := check()
	if g, _ := res.Gate(gate.Stories); g.Conclusion != gate.Failure || !reported(res) {
		t.Errorf("head configuration switched the rule off in the gate: %s %+v", g.Conclusion, g.Diagnostics)
	}
	if notes := res.Notes; len(notes) == 0 || !strings.Contains(strings.Join(notes, "\n"), "takes effect once merged") {
		t.Errorf("results notes: %q", notes)
	}
	outside := filepath.Join(t.TempDir(), "policy.yml")
	if err := os.WriteFile(outside, []byte("rules:\n  authority/append-only: \"off\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if res := check("--config", outside); reported(res) {
		t.Errorf("an explicit --config outside the checkout should win: %+v", res.Gates)
	}
	inside := filepath.Join(repo.Root, ".github", "storygate.yml")
	if code, _, errOut := run(t, "action", "--event-name", "local", "--gates", "stories", "--base", base, "--config", inside); code != ExitUsage || !strings.Contains(errOut, "not in the base revision") {
		t.Errorf("an explicit --config the change added was taken as policy: exit %d, %s", code, errOut)
	}
}
