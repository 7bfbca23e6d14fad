package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// sparseClone is a change in a repository with a part (docs/) a sparse
// checkout leaves out, and a clone of it narrowed by `git sparse-checkout`,
// which turns on extensions.worktreeConfig, the extension go-git refuses.
// The change adds coverage to tests/test_more.sh and nothing forces it.
func sparseClone(t *testing.T) (full, sparse string) {
	t.Helper()
	files := revertProject("generating")
	files[".github/storygate.yml"] = "revert:\n  suite: '" + revertSuite + "'\n"
	files["docs/guide.md"] = "# guide\n"
	full = vRepo(t, files)
	vCommit(t, full, map[string]string{
		"tests/test_more.sh":   files["tests/test_more.sh"] + "[ -n \"$(greet y)\" ] || exit 1\n",
		"docs/guide.md":        "# guide, edited\n",
		"stories/STORY-001.md": touched("generating"),
	}, "head")
	sparse = filepath.Join(t.TempDir(), "sparse")
	vGit(t, full, "clone", "-q", full, sparse)
	vGit(t, sparse, "sparse-checkout", "set", ".github", "stories", "src", "tests")
	return full, sparse
}

// TestSparseCheckoutValidatesWithBase: every --base command used to exit 3
// on a sparse checkout. It now reads the same history as the full clone:
// validate gives the same findings, and revert-check decides the same way.
func TestSparseCheckoutValidatesWithBase(t *testing.T) {
	t.Parallel()
	full, sparse := sparseClone(t)
	wantCode, wantOut, _ := vMain("validate", "--root", full, "--base", "HEAD~1")
	code, stdout, stderr := vMain("validate", "--root", sparse, "--base", "HEAD~1")
	if code != wantCode || code == ExitInternal || stdout != wantOut {
		t.Errorf("sparse validate: exit %d (full clone %d)\n%s%s\nfull clone:\n%s", code, wantCode, stdout, stderr, wantOut)
	}
	out := filepath.Join(t.TempDir(), "r.json")
	code, stdout, stderr = vMain("revert-check", "--root", sparse, "--base", "HEAD~1", "--out", out)
	if code != ExitFindings || !strings.Contains(stdout, "tests/test_more.sh:1:1:") || !strings.Contains(stdout, "[revert/not-load-bearing]") {
		t.Errorf("sparse revert-check: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestSparseCheckoutGate: the PR gate (a local action run) opens the
// sparse checkout, and its revert check decides the governed edit.
func TestSparseCheckoutGate(t *testing.T) {
	_, sparse := sparseClone(t)
	for _, k := range actionEnv {
		t.Setenv(k, "")
	}
	t.Setenv("RUNNER_TEMP", t.TempDir())
	code, stdout, stderr := run(t, "action", "--event-name", "local", "--root", sparse, "--base", "HEAD~1")
	if code == ExitInternal || code == ExitUsage || !strings.Contains(stdout+stderr, "tests/test_more.sh") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout+stderr, "revert/not-load-bearing") {
		t.Errorf("the gate did not decide the governed edit:\n%s%s", stdout, stderr)
	}
}
