package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/needsandbox"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/testrepo"
)

// rewriteBaseBlob is PR code run as a verification item: it overwrites the
// base version of a governed test in the original object store (found
// through the clone's alternates in the sandbox, or .git/objects when run
// in the checkout) with an object of failing content, so a revert check
// that trusts the store "restores" a test that fails: a forged permitted.
const rewriteBaseBlob = `objs=.git/objects
if [ -f .git/objects/info/alternates ]; then objs=$(head -n1 .git/objects/info/alternates); fi
old=$(git rev-parse HEAD~1:tests/test_more.sh)
new=$(printf "exit 1\n" | git hash-object -w --stdin)
dst=$objs/$(echo $old | cut -c1-2)/$(echo $old | cut -c3-)
src=.git/objects/$(echo $new | cut -c1-2)/$(echo $new | cut -c3-)
chmod u+w "$dst" 2>/dev/null
if cp -f "$src" "$dst" 2>/dev/null; then echo TAMPERED; else echo REFUSED; fi
`

// attackRepo has, at head, added coverage in tests/test_more.sh (not
// forced: the revert check must escalate it) and a verification item that
// runs tools/item.sh: the attack, or for the honest control `true`.
func attackRepo(t *testing.T, mode, item string) string {
	t.Helper()
	base := revertProject("evaluating")
	base[".github/storygate.yml"] = "revert:\n  suite: '" + revertSuite + "'\nverify:\n  sandbox: " + mode + "\n"
	base["tools/item.sh"] = "true\n"
	story := strings.Replace(base["stories/STORY-001.md"], "command: 'true'", "command: 'sh tools/item.sh'", 1)
	base["stories/STORY-001.md"] = story
	dir := vRepo(t, base)
	vCommit(t, dir, map[string]string{
		"tests/test_more.sh":   base["tests/test_more.sh"] + "[ -n \"$(greet y)\" ] || exit 1\n",
		"tools/item.sh":        item,
		"stories/STORY-001.md": story + "\n<!-- iteration 1 -->\n",
	}, "head")
	return dir
}

func baseContent(t *testing.T, dir string) string {
	t.Helper()
	return testrepo.GitCLI(t, dir, "cat-file", "-p", "HEAD~1:tests/test_more.sh")
}

func requireSandbox(t *testing.T) {
	t.Helper()
	if sb := sandbox.New(context.Background(), sandbox.Policy{Mode: sandbox.Required}); !sb.Isolated() {
		needsandbox.Missing(t, sb.Report().Reason)
	}
}

// TestVerifyThenRevertCheckInOneJob runs the two commands one after the
// other on the same checkout, as a job with both steps does.
func TestVerifyThenRevertCheckInOneJob(t *testing.T) {
	for _, tc := range []struct {
		name, mode, item string
		sandboxed        bool
		// tampered: the attack reached the object store; want: the
		// revert check's verdict in the CLI output.
		tampered bool
		want     string
	}{
		{"sandbox stops the write", "required", rewriteBaseBlob, true, false, "[revert/not-load-bearing]"},
		{"honest control in the sandbox", "required", "true\n", true, false, "[revert/not-load-bearing]"},
		{"no sandbox: the hash check fails closed", "off", rewriteBaseBlob, false, true, "[revert/could-not-run]"},
		{"honest control without sandbox", "off", "true\n", false, false, "[revert/not-load-bearing]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.sandboxed {
				requireSandbox(t)
			}
			dir := attackRepo(t, tc.mode, tc.item)
			genuine := baseContent(t, dir)
			if code, out, errOut := vMain("verify", "--root", dir, "--out", filepath.Join(t.TempDir(), "v.json")); code == ExitInternal || code == ExitUsage {
				t.Fatalf("verify exit %d\n%s%s", code, out, errOut)
			}
			if got := baseContent(t, dir); (got != genuine) != tc.tampered {
				t.Fatalf("base blob after verify: %q (genuine %q)", got, genuine)
			}
			code, out, errOut := vMain("revert-check", "--root", dir, "--base", "HEAD~1", "--out", filepath.Join(t.TempDir(), "r.json"))
			if code != ExitFindings || !strings.Contains(out, tc.want) || strings.Contains(out, "permitted") {
				t.Errorf("revert-check exit %d, want %s\n%s%s", code, tc.want, out, errOut)
			}
		})
	}
}

// TestGateSnapshotsBeforeTheReruns runs the PR gate in one process without
// a sandbox: the rerun rewrites the object store, and the revert check
// still restores the genuine base version, taken before, and escalates.
func TestGateSnapshotsBeforeTheReruns(t *testing.T) {
	for _, item := range []string{rewriteBaseBlob, "true\n"} {
		dir := attackRepo(t, "off", item)
		results := filepath.Join(t.TempDir(), "results.json")
		code, out, errOut := vMain("action", "--event-name", "local", "--root", dir, "--base", "HEAD~1", "--report-only",
			"--results", results, "--markdown", filepath.Join(t.TempDir(), "comment.md"))
		if code == ExitInternal || code == ExitUsage {
			t.Fatalf("action exit %d\n%s%s", code, out, errOut)
		}
		res, err := gate.ReadFile(results)
		if err != nil {
			t.Fatal(err)
		}
		var verdicts []string
		for _, s := range res.Stories {
			if s.Revert != nil {
				verdicts = append(verdicts, s.Revert.Verdict)
			}
		}
		if strings.Join(verdicts, ",") != "escalate" {
			t.Errorf("item %q: revert verdicts %v\n%s", item[:4], verdicts, errOut)
		}
		if !strings.Contains(strings.Join(res.Notes, " "), "WITHOUT a sandbox") {
			t.Errorf("the report does not say the commands ran unisolated: %v", res.Notes)
		}
	}
}
