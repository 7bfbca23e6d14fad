package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTheDemoShowsProgressBeforeItsVerifyWork: the README's demo
// (`action --event-name local --root examples/demo --report-only --all`)
// on a terminal writes its first progress line before anything else on
// stderr, before the gate opens the repository, and so before the verify
// work (the sandbox's clone, the demo's `go test`) whose results follow,
// each as its item finishes, then the comment on stdout. Only the order
// is checked, never how long anything took.
func TestTheDemoShowsProgressBeforeItsVerifyWork(t *testing.T) {
	defer restoreEnv(os.Environ())
	demo, err := filepath.Abs(filepath.Join("..", "..", "examples", "demo"))
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := uiMain(true, nil, "action", "--event-name", "local", "--root", demo, "--report-only", "--all",
		"--results", filepath.Join(t.TempDir(), "results.json"), "--color", "never")
	if code != ExitFindings {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	const first = "\r\x1b[Kgate: 0 done"
	if !strings.HasPrefix(stderr, first) {
		t.Fatalf("stderr does not start with the progress line %q:\n%q", first, stderr)
	}
	at := len(first)
	for _, next := range []string{"✓ stories/STORY-001.md#V1 passed\n", "✓ verify ", "storygate action: failure"} {
		i := strings.Index(stderr[at:], next)
		if i < 0 {
			t.Fatalf("after offset %d, stderr lacks %q:\n%q", at, next, stderr)
		}
		at += i + len(next)
	}
	if !strings.Contains(stdout, "### STORY-001 Reject malformed orders") {
		t.Errorf("the comment is not on stdout:\n%s", stdout)
	}
}
