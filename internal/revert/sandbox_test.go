package revert

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/needsandbox"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/testrepo"
	"github.com/storygate/storygate/internal/verify"
)

// historySuite reads the repository's history before running the tests,
// as real suites do (changelog checks, version from git describe): it
// fails outright where the workspace has no .git.
const historySuite = `git log --format=%s | grep -qx head && git log --format=%s | grep -qx base && ./tests/run.sh`

func TestSuiteReadingGitLogDecides(t *testing.T) {
	t.Parallel()
	forced := change{write: with(renamedGreeting, map[string]string{
		"tests/test_greet.sh": ". ./src/greet.sh\n[ \"$(greet bob)\" = \"hi bob\" ] || { echo 'FAIL greet bob'; exit 1; }\n",
	})}
	added := change{write: map[string]string{
		"tests/test_greet.sh": shProject["tests/test_greet.sh"] + "[ \"$(greet)\" = \"hello \" ] || exit 1\n",
	}}
	sb := sandbox.New(context.Background(), sandbox.Policy{Mode: sandbox.Auto})
	for _, tc := range []struct {
		name    string
		sandbox *sandbox.Sandbox
	}{{"unisolated clone", nil}, {"sandbox", sb}} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.sandbox != nil && !tc.sandbox.Isolated() {
				needsandbox.Missing(t, tc.sandbox.Report().Reason)
			}
			for _, c := range []struct {
				name string
				ch   change
				want Verdict
			}{{"forced repair", forced, Permitted}, {"added coverage", added, Escalate}} {
				h := build(t, shProject, c.ch)
				res, err := Check(context.Background(), Options{Repo: h.repo, Base: h.base, Head: h.head, Governed: []string{"tests/"},
					Suite: historySuite, Env: verify.CleanEnv(os.Environ(), nil), Sandbox: tc.sandbox})
				if err != nil {
					t.Fatal(err)
				}
				if res.Verdict != c.want || res.Baseline == nil || res.Baseline.ExitCode != 0 {
					t.Errorf("%s: verdict %s reason %q baseline %+v", c.name, res.Verdict, res.Reason, res.Baseline)
				}
				if got := res.Sandbox != nil && res.Sandbox.Isolated; got != (tc.sandbox != nil) {
					t.Errorf("%s: result says isolated=%v: %+v", c.name, got, res.Sandbox)
				}
			}
		})
	}
}

func TestTamperedBaseObjectFailsClosed(t *testing.T) {
	t.Parallel()
	h := build(t, shProject, change{write: map[string]string{
		"tests/test_greet.sh": shProject["tests/test_greet.sh"] + "[ \"$(greet)\" = \"hello \" ] || exit 1\n",
	}})
	tamperBlob(t, h.dir, "HEAD~1:tests/test_greet.sh", "exit 1\n")
	res := h.check(t, shSuite, false)
	if res.Verdict != CouldNotRun || !strings.Contains(res.Reason, "hash") {
		t.Fatalf("verdict %s reason %q", res.Verdict, res.Reason)
	}
}

// tamperBlob does what PR code outside a sandbox can: overwrite the loose
// object of rev's blob with the compressed object of other content, so
// readers that trust the object's name get the attacker's content.
func tamperBlob(t *testing.T, dir, rev, content string) {
	t.Helper()
	old := testrepo.GitCLI(t, dir, "rev-parse", rev)
	evil := testrepo.GitCLIInput(t, dir, strings.NewReader(content), "hash-object", "-w", "--stdin")
	data, err := os.ReadFile(objectPath(dir, evil))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(objectPath(dir, old)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(objectPath(dir, old), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := testrepo.GitCLI(t, dir, "cat-file", "-p", rev); got != strings.TrimSpace(content) {
		t.Fatalf("tampering did not take: %q", got)
	}
}

func objectPath(dir, hash string) string {
	return filepath.Join(dir, ".git", "objects", hash[:2], hash[2:])
}

// cacheSuite counts its runs in the build cache before running the tests,
// so each run's output says how many runs shared that cache.
const cacheSuite = `mkdir -p "$GOCACHE" "$XDG_CACHE_HOME" && echo run >> "$GOCACHE/runs" && echo "run $(wc -l < "$GOCACHE/runs") xdg=$XDG_CACHE_HOME" && ./tests/run.sh`

// TestSandboxedRunsShareTheChecksOwnCache: in the sandbox the baseline run
// warms the build cache for the reverted run (the second run sees the
// first's entry), the host's GOCACHE is never written, and the cache is
// removed with the check.
func TestSandboxedRunsShareTheChecksOwnCache(t *testing.T) {
	sb := sandbox.New(context.Background(), sandbox.Policy{Mode: sandbox.Auto})
	if !sb.Isolated() {
		needsandbox.Missing(t, sb.Report().Reason)
	}
	created := isolateTemp(t)
	host := t.TempDir()
	h := build(t, shProject, change{write: map[string]string{
		"tests/test_greet.sh": shProject["tests/test_greet.sh"] + "true\n",
	}})
	before := len(created())
	env := append(verify.CleanEnv(os.Environ(), nil), "GOCACHE="+host, "XDG_CACHE_HOME="+host)
	res, err := Check(context.Background(), Options{Repo: h.repo, Base: h.base, Head: h.head, Governed: []string{"tests/"},
		Suite: cacheSuite, Env: env, Sandbox: sb})
	if err != nil {
		t.Fatal(err)
	}
	if res.Baseline == nil || !strings.Contains(res.Baseline.OutputTail, "run 1 ") || !strings.Contains(res.OutputTail, "run 2 ") {
		t.Fatalf("the runs did not share a cache: baseline %+v, reverted %q", res.Baseline, res.OutputTail)
	}
	if strings.Contains(res.OutputTail, "xdg="+host) {
		t.Errorf("the suite saw the host's cache: %q", res.OutputTail)
	}
	if entries, _ := os.ReadDir(host); len(entries) != 0 {
		t.Errorf("the host's cache was written: %v", entries)
	}
	if after := created(); len(after) != before {
		t.Errorf("the check left %v behind", after)
	}
}
