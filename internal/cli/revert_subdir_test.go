package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/revert"
)

// whereSuite is revertSuite saying first which directory it started in.
const whereSuite = `echo "started in $(basename "$PWD")"; ` + revertSuite

// subdirLayout puts revertProject under prefix ("" for the top, "pkg/" for
// a package of a monorepo) with its policy (file granularity, whereSuite).
// Beside a package, the repository's top holds a tests/ of its own whose
// script fails: a suite started at the top instead of the package runs it
// and fails its baseline, and a governed prefix matched against repository
// paths instead of the package's would govern it.
func subdirLayout(prefix string) (base, head map[string]string) {
	project := revertProject("generating")
	project[".github/storygate.yml"] = "revert:\n  suite: '" + whereSuite + "'\n  granularity: file\n"
	base, head = inPrefix(prefix, project), inPrefix(prefix, revertEdits())
	if prefix != "" {
		base["tests/test_top.sh"], head["tests/test_top.sh"] = "echo the top-level suite ran; exit 3\n", "exit 4\n"
		base["README.md"], head["README.md"] = "monorepo\n", "monorepo, edited\n"
	}
	return base, head
}

// TestRevertCheckInASubdirectoryRoot runs revert-check with --root a
// package inside its repository, as the README's examples/demo is: the
// suite starts in the package, the governed prefixes are the package's
// (tests/ is pkg/tests/, never the top's tests/), the grants are the
// story's scope read in the package. The text findings name paths in the
// package, as validate's do; --format github and the artifact's paths
// name repository paths (the artifact records the package as its root).
// The honest control is the same project at the top of its repository;
// the neighbour names the package through a symlink in the repository
// (alias -> pkg), which is refused (safefile.CheckRoot): what a link in
// the checkout points to is the change's to choose.
func TestRevertCheckInASubdirectoryRoot(t *testing.T) {
	t.Parallel()
	for _, c := range rootPlacements() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			base, head := subdirLayout(c.prefix)
			top := vRepo(t, base)
			vCommit(t, top, head, "head")
			root := c.dir(t, top)
			out := filepath.Join(t.TempDir(), "r.json")
			code, stdout, stderr := vMain("revert-check", "--root", root, "--base", "HEAD~1", "--out", out)
			if c.refusedLink(t, code, stdout, stderr) {
				return
			}
			if code != ExitFindings {
				t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
			}
			want := []string{"tests/test_more.sh:1:1: ", "tests/test_new.sh:1:1: "}
			if got := findingFiles(stdout); !slices.Equal(got, want) {
				t.Errorf("findings on %v, want %v:\n%s", got, want, stdout)
			}
			_, github, _ := vMain("revert-check", "--root", root, "--base", "HEAD~1", "--out", out, "--format", "github")
			if got, want := workflowCommandFiles(github), []string{c.prefix + "tests/test_more.sh", c.prefix + "tests/test_new.sh"}; !slices.Equal(got, want) {
				t.Errorf("--format github on %v, want %v:\n%s", got, want, github)
			}
			res := readRevertResult(t, out)
			if res.Root != c.root {
				t.Errorf("artifact root %q, want %q", res.Root, c.root)
			}
			if got := strings.Join(res.Paths, ","); got != c.prefix+"tests/test_greet.sh,"+c.prefix+"tests/test_more.sh" {
				t.Errorf("reverted %s", got)
			}
			if len(res.Files) != 2 || res.Files[0].Verdict != revert.Permitted || res.Files[1].Verdict != revert.Escalate {
				t.Errorf("file verdicts %+v (reason %q)", res.Files, res.Reason)
			}
			if res.Baseline == nil {
				t.Fatalf("no baseline run: %q", res.Reason)
			}
			if c.root != "" && !strings.Contains(res.Baseline.OutputTail, "started in "+c.root+"\n") {
				t.Errorf("the suite did not start in %s: %q", c.root, res.Baseline.OutputTail)
			}
		})
	}
}

// workflowCommandFiles lists the file= property of each workflow command.
func workflowCommandFiles(out string) []string {
	var got []string
	for _, m := range regexp.MustCompile(`(?m)^::\w+ file=([^,]+),`).FindAllStringSubmatch(out, -1) {
		got = append(got, m[1])
	}
	return got
}

// findingFiles lists the "file:line:col: " of each finding line.
func findingFiles(out string) []string {
	var got []string
	for _, line := range strings.Split(out, "\n") {
		if i := strings.Index(line, ": "); i > 0 && strings.Contains(line, "[revert/") {
			got = append(got, line[:i+2])
		}
	}
	return got
}

func readRevertResult(t *testing.T, path string) revert.Result {
	t.Helper()
	var res revert.Result
	raw, err := os.ReadFile(path)
	if err != nil || json.Unmarshal(raw, &res) != nil {
		t.Fatalf("artifact: %v\n%s", err, raw)
	}
	return res
}

// TestGateRevertCheckInASubdirectoryRoot runs the PR gate (`storygate
// action`) on the package: its revert step decides the package's governed
// edits in the package, as revert-check does, and the story the change
// touched carries the verdict. The results document names repository
// paths (pkg/stories/..., pkg/tests/...), each prefixed once: the revert
// check's findings are root-relative in the run, as the stories' are.
// The control runs the same project at the top.
func TestGateRevertCheckInASubdirectoryRoot(t *testing.T) {
	t.Parallel()
	for _, prefix := range []string{"", "pkg/"} {
		base, head := subdirLayout(prefix)
		top := vRepo(t, base)
		vCommit(t, top, head, "head")
		results := filepath.Join(t.TempDir(), "results.json")
		code, out, errOut := vMain("action", "--event-name", "local", "--root", filepath.Join(top, prefix), "--base", "HEAD~1", "--report-only",
			"--gates", "revert-check", "--results", results, "--markdown", filepath.Join(t.TempDir(), "comment.md"))
		if code == ExitInternal || code == ExitUsage {
			t.Fatalf("%q: action exit %d\n%s%s", prefix, code, out, errOut)
		}
		res, err := gate.ReadFile(results)
		if err != nil {
			t.Fatal(err)
		}
		var found []string
		for _, g := range res.Gates {
			if g.Name != gate.RevertCheck {
				continue
			}
			for _, d := range g.Diagnostics {
				found = append(found, d.Rule+"@"+d.File)
			}
		}
		slices.Sort(found)
		want := []string{"revert/may-not-create@" + prefix + "tests/test_new.sh", "revert/not-load-bearing@" + prefix + "tests/test_more.sh"}
		if !slices.Equal(found, want) {
			t.Errorf("%q: revert findings %v, want %v\n%s", prefix, found, want, errOut)
		}
		var verdicts []string
		for _, s := range res.Stories {
			if s.Revert != nil {
				verdicts = append(verdicts, s.File+"="+s.Revert.Verdict)
			}
		}
		if got := strings.Join(verdicts, ","); got != prefix+"stories/STORY-001.md=escalate" {
			t.Errorf("%q: the changed story shows the revert verdicts %q", prefix, got)
		}
	}
}
