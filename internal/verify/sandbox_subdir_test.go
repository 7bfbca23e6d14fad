package verify

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestSandboxedRerunInASubdirectoryRoot: the stories' root may be a
// directory inside its repository (a monorepo's package, the README's
// examples/demo). The sandbox clones the repository that holds it and runs
// the command in the same directory of the clone, where the committed
// files are; cloning the subdirectory itself failed ("does not exist").
func TestSandboxedRerunInASubdirectoryRoot(t *testing.T) {
	t.Parallel()
	sb := isolated(t, sandbox.Policy{})
	top := t.TempDir()
	testrepo.GitCLI(t, top, "init", "-q", "-b", "main")
	for name, body := range map[string]string{"README": "top\n", "demo/check.sh": "test -f ../README && echo in-demo\n"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(top, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(top, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	testrepo.GitCLI(t, top, "add", "-A")
	testrepo.GitCLI(t, top, "commit", "-q", "-m", "first")
	head := testrepo.GitCLI(t, top, "rev-parse", "HEAD")
	r := runIn(t, sb, filepath.Join(top, "demo"), head, "sh check.sh && git log --oneline | wc -l", 0)
	if r.Verdict != VerdictPass || !strings.Contains(r.StdoutTail, "in-demo") || !r.Sandboxed {
		t.Fatalf("verdict %s (sandboxed %v): %s\nstdout %q stderr %q", r.Verdict, r.Sandboxed, r.Error, r.StdoutTail, r.StderrTail)
	}
	// A directory outside any repository is an error, not a run elsewhere.
	if r := runIn(t, sb, t.TempDir(), head, "true", 0); r.Verdict != VerdictError || !strings.Contains(r.Error, "no repository") {
		t.Errorf("outside a repository: verdict %s, %q", r.Verdict, r.Error)
	}
}
