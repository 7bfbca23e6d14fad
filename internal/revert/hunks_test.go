package revert

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var hunkCases = []struct {
	name, base, head string
}{
	{"one line changed", "a\nb\nc\n", "a\nB\nc\n"},
	{"appended", "a\nb\n", "a\nb\nc\nd\n"},
	{"prepended", "b\nc\n", "a\nb\nc\n"},
	{"deleted in the middle", "a\nb\nc\nd\n", "a\nd\n"},
	{"two regions", "def f():\n    return 1\n\n\ndef g():\n    return 2\n", "def f():\n    return 10\n\n\ndef g():\n    return 2\n\n\ndef h():\n    return 3\n"},
	{"no final line break", "a\nb", "a\nb\nc"},
	{"everything replaced", "x\ny\n", "p\nq\nr\n"},
	{"emptied", "x\ny\n", ""},
}

// TestHunksMatchGitDiffU0: the hunks and their line numbers are the ones
// `git diff -U0` prints, so the result document points where a reviewer
// looks.
func TestHunksMatchGitDiffU0(t *testing.T) {
	t.Parallel()
	header := regexp.MustCompile(`(?m)^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`)
	for _, c := range hunkCases {
		dir := t.TempDir()
		a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
		if os.WriteFile(a, []byte(c.base), 0o644) != nil || os.WriteFile(b, []byte(c.head), 0o644) != nil {
			t.Fatal("write")
		}
		var want []string
		for _, m := range header.FindAllStringSubmatch(gitDiff(t, dir), -1) {
			want = append(want, fmt.Sprintf("-%s,%s +%s,%s", m[1], orOne(m[2]), m[3], orOne(m[4])))
		}
		var got []string
		for _, h := range hunks([]byte(c.base), []byte(c.head)) {
			got = append(got, fmt.Sprintf("-%d,%d +%d,%d", h.Base.Start, h.Base.Count, h.Head.Start, h.Head.Count))
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: hunks %v, git diff -U0 %v", c.name, got, want)
		}
	}
}

func gitDiff(t *testing.T, dir string) string {
	t.Helper()
	cmd := exec.Command("git", "diff", "--no-index", "-U0", "--", "a", "b")
	cmd.Dir = dir
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
		t.Fatalf("git diff: %v", err) // exit 1 only says the files differ
	}
	return string(out)
}

func orOne(s string) string {
	if s == "" {
		return "1"
	}
	return s
}

// TestUndoRevertsOnlyThatHunk: undoing one hunk changes exactly its lines
// back, and undoing every hunk from the last gives the base back.
func TestUndoRevertsOnlyThatHunk(t *testing.T) {
	t.Parallel()
	for _, c := range hunkCases {
		hs := hunks([]byte(c.base), []byte(c.head))
		content := []byte(c.head)
		for i := len(hs) - 1; i >= 0; i-- {
			one := hs[i].undo([]byte(c.head))
			if rest := hunks([]byte(c.base), one); len(rest) != len(hs)-1 {
				t.Errorf("%s: undoing hunk %d leaves %d hunks, want %d", c.name, i, len(rest), len(hs)-1)
			}
			content = hs[i].undo(content)
		}
		if string(content) != c.base {
			t.Errorf("%s: undoing every hunk gives %q, want %q", c.name, content, c.base)
		}
	}
}

func TestTextual(t *testing.T) {
	t.Parallel()
	if !textual([]byte("a\n")) || textual([]byte("a\x00b")) {
		t.Error("textual misjudged")
	}
}
