package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRevertCheckPrintsEachSuiteRun: revert-check prints each suite run
// as it finishes on stderr, as verify does its items: the baseline on the
// head tree, then a run per governed file (--per-file), each with what it
// found; --quiet and --format json print none.
func TestRevertCheckPrintsEachSuiteRun(t *testing.T) {
	dir := vRepo(t, revertProject("generating"))
	vCommit(t, dir, revertEdits(), "head")
	tests := []struct {
		name  string
		extra []string
		want  []string
	}{
		{"pipe", nil, []string{
			"revert-check: ✓ suite on the head tree passed (1 done)\n",
			"revert-check: ✓ suite without the edits to tests/test_greet.sh failed (exit 1): the edits are needed (",
			"revert-check: ✗ suite without the edits to tests/test_more.sh passed: escalate (",
			"revert-check: finished, ",
		}},
		{"quiet", []string{"--quiet"}, nil},
		{"json", []string{"--format", "json"}, nil},
	}
	for _, tt := range tests {
		args := append([]string{"revert-check", "--root", dir, "--base", "HEAD~1", "--suite", revertSuite, "--per-file",
			"--out", filepath.Join(t.TempDir(), "r.json")}, tt.extra...)
		code, _, stderr := uiMain(false, nil, args...)
		if code != ExitFindings {
			t.Fatalf("%s: exit %d:\n%s", tt.name, code, stderr)
		}
		if tt.want == nil && strings.Contains(stderr, "revert-check: ✓") {
			t.Errorf("%s: progress printed:\n%s", tt.name, stderr)
		}
		at := 0
		for _, w := range tt.want {
			i := strings.Index(stderr[at:], w)
			if i < 0 {
				t.Fatalf("%s: stderr lacks %q after offset %d:\n%s", tt.name, w, at, stderr)
			}
			at += i + len(w)
		}
	}
}
