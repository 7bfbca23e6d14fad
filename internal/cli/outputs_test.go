package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// emptyWorkingDir makes a new, empty current directory for the test, so it
// can show that a command left nothing there.
func emptyWorkingDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	return dir
}

func assertEmptyDir(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 0 {
		t.Errorf("the current directory holds %v (%v); want nothing dropped there", entries, err)
	}
}

// revertChange is a change that edits a governed test, so revert-check
// decides something and writes its artifact.
func revertChange(t *testing.T) string {
	t.Helper()
	dir := vRepo(t, revertProject("generating"))
	vCommit(t, dir, map[string]string{"tests/test_more.sh": "true\n", "stories/STORY-001.md": touched("generating")}, "head")
	return dir
}

func TestRevertCheckArtifactGoesToRunnerTemp(t *testing.T) {
	repo := revertChange(t)
	runnerTemp := t.TempDir()
	t.Setenv("RUNNER_TEMP", runnerTemp)
	cwd := emptyWorkingDir(t)
	code, stdout, stderr := vMain("revert-check", "--root", repo, "--base", "HEAD~1", "--suite", revertSuite)
	want := filepath.Join(runnerTemp, "storygate-revert-check", "revert-check-result.json")
	if _, err := os.Stat(want); err != nil || !strings.Contains(stderr, "result written to "+want) {
		t.Errorf("exit %d, artifact %s: %v\n%s%s", code, want, err, stdout, stderr)
	}
	assertEmptyDir(t, cwd)
}

func TestRevertCheckArtifactOutsideActionsGetsItsOwnDirectory(t *testing.T) {
	repo := revertChange(t)
	tmp := t.TempDir()
	t.Setenv("RUNNER_TEMP", "")
	t.Setenv("TMPDIR", tmp)
	cwd := emptyWorkingDir(t)
	for range 2 {
		if code, stdout, stderr := vMain("revert-check", "--root", repo, "--base", "HEAD~1", "--suite", revertSuite); code == ExitUsage || code == ExitInternal {
			t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
		}
	}
	artifacts, err := filepath.Glob(filepath.Join(tmp, "storygate-revert-check-*", "revert-check-result.json"))
	if err != nil || len(artifacts) != 2 {
		t.Errorf("artifacts %v (%v); want one per run, each in its own directory", artifacts, err)
	}
	assertEmptyDir(t, cwd)
}

func TestLocalActionWritesItsResultsToARunDirectory(t *testing.T) {
	repo := vRepo(t, revertProject("planning"))
	tmp := t.TempDir()
	t.Setenv("RUNNER_TEMP", "")
	t.Setenv("GITHUB_WORKSPACE", "")
	t.Setenv("TMPDIR", tmp)
	cwd := emptyWorkingDir(t)
	code, _, stderr := vMain("action", "--event-name", "local", "--root", repo, "--gates", "stories", "--report-only")
	results, err := filepath.Glob(filepath.Join(tmp, "storygate-results-*", "results.json"))
	if code == ExitUsage || code == ExitInternal || err != nil || len(results) != 1 || !strings.Contains(stderr, "results written to "+results[0]) {
		t.Fatalf("exit %d, results %v (%v)\n%s", code, results, err, stderr)
	}
	if _, err := os.Stat(strings.TrimSuffix(results[0], ".json") + ".sarif"); err != nil {
		t.Errorf("no SARIF next to the results: %v", err)
	}
	assertEmptyDir(t, cwd)
}
