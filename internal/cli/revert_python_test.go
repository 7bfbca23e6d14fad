package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/revert"
)

// pythonTests is a pytest file whose suite reads the repository's history
// (test_history_is_there runs git log), so it passes only inside a real
// clone: a materialized tree without .git fails the baseline.
const pythonTests = `import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "src"))

from greet import greet  # noqa: E402


def test_greet():
    assert greet("bob") == "hello bob"


def test_history_is_there():
    log = subprocess.run(["git", "log", "--format=%s"], capture_output=True, text=True, check=True).stdout.split()
    assert log[-1] == "base"
`

// addedTest is new coverage: it passes on the base code and on the head
// code alike, so nothing in the change forced it.
const addedTest = `

def test_greet_keeps_the_name():
    assert greet("x").endswith("x")
`

// pytestSuite finds Debian's pytest (python3-pytest, installed by .ci/run)
// or skips, saying why.
func pytestSuite(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs pytest six times: not in -short")
	}
	for _, name := range []string{"pytest-3", "pytest"} {
		if p, err := exec.LookPath(name); err == nil && exec.Command(p, "--version").Run() == nil {
			return p + " -q -p no:cacheprovider tests"
		}
	}
	t.Skip("no pytest on PATH: install python3-pytest (.ci/run does)")
	return ""
}

// pythonChange commits a Python project at base and a head that renames
// the greeting and edits tests/test_greet.py to test (the forced repair,
// plus extra when given).
func pythonChange(t *testing.T, extra string) string {
	t.Helper()
	dir := vRepo(t, map[string]string{
		"stories/STORY-001.md": revertProject("generating")["stories/STORY-001.md"],
		"src/greet.py":         "def greet(name):\n    return f\"hello {name}\"\n",
		"tests/test_greet.py":  pythonTests,
	})
	vCommit(t, dir, map[string]string{
		"src/greet.py":         "def greet(name):\n    return f\"hi {name}\"\n",
		"tests/test_greet.py":  strings.Replace(pythonTests, `"hello bob"`, `"hi bob"`, 1) + extra,
		"stories/STORY-001.md": touched("generating"),
	}, "head")
	return dir
}

func pythonCheck(t *testing.T, dir, suite, granularity string) (int, string, revert.Result) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "r.json")
	code, stdout, stderr := vMain("revert-check", "--root", dir, "--base", "HEAD~1", "--suite", suite, "--granularity", granularity, "--out", out)
	var res revert.Result
	raw, err := os.ReadFile(out)
	if err != nil || json.Unmarshal(raw, &res) != nil {
		t.Fatalf("%s: exit %d, no result document (%v)\n%s%s", granularity, code, err, stdout, stderr)
	}
	if res.Baseline == nil || res.Baseline.ExitCode != 0 {
		t.Fatalf("%s: the suite failed on the head tree, so the clone has no usable history: %+v", granularity, res.Baseline)
	}
	return code, stdout, res
}

// TestPythonSuiteForcedRepairIsPermitted is the honest control: the change
// renames the greeting and repairs the one assertion it broke. Every
// granularity permits it.
func TestPythonSuiteForcedRepairIsPermitted(t *testing.T) {
	t.Parallel()
	suite := pytestSuite(t)
	dir := pythonChange(t, "")
	for _, g := range []string{"set", "hunk"} {
		code, stdout, res := pythonCheck(t, dir, suite, g)
		if code != ExitOK || res.Verdict != revert.Permitted || !strings.Contains(res.OutputTail, "hello bob") {
			t.Errorf("%s: exit %d verdict %s\n%s\ntail:\n%s", g, code, res.Verdict, stdout, res.OutputTail)
		}
	}
}

// TestPythonSuiteAddedCoverageEscalatesPerHunk is the attack: the same file
// carries the forced repair and a new test nothing forced. Reverting the
// whole file fails the suite, so set granularity permits both (the known
// cost of the coarse form); hunk granularity escalates the added test at
// its line and permits the repair.
func TestPythonSuiteAddedCoverageEscalatesPerHunk(t *testing.T) {
	t.Parallel()
	suite := pytestSuite(t)
	dir := pythonChange(t, addedTest)
	if code, stdout, res := pythonCheck(t, dir, suite, "set"); code != ExitOK || res.Verdict != revert.Permitted {
		t.Errorf("set: exit %d verdict %s: the repair should shelter the addition\n%s", code, res.Verdict, stdout)
	}
	code, stdout, res := pythonCheck(t, dir, suite, "hunk")
	if code != ExitFindings || res.Verdict != revert.Escalate || len(res.Files) != 1 {
		t.Fatalf("hunk: exit %d verdict %s\n%s", code, res.Verdict, stdout)
	}
	var got []string
	for _, h := range res.Files[0].Hunks {
		got = append(got, revert.HunkRange(h.Base, h.Head)+"="+string(h.Verdict))
	}
	if strings.Join(got, " ") != "-11,1 +11,1=permitted -16,0 +17,4=escalate" {
		t.Errorf("hunks: %v", got)
	}
	if !strings.Contains(stdout, "tests/test_greet.py:17:1:") || !strings.Contains(stdout, "[revert/not-load-bearing]") || strings.Contains(stdout, "tests/test_greet.py:11:") {
		t.Errorf("findings:\n%s", stdout)
	}
}
