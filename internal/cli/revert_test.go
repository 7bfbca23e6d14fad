package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/revert"
)

// revertProject is tested by an sh suite; the story grants tests/fixtures.
func revertProject(state string) map[string]string {
	story := strings.Replace(verifyStory("STORY-001", state, [][2]string{{"V1", "true"}}, nil),
		"write: [src/]", "write: [src/, tests/fixtures/]", 1)
	return map[string]string{
		"stories/STORY-001.md": story,
		"src/greet.sh":         "greet() { echo \"hello $1\"; }\n",
		"tests/test_greet.sh":  ". ./src/greet.sh\n[ \"$(greet bob)\" = \"hello bob\" ] || { echo FAIL; exit 1; }\n",
		"tests/test_more.sh":   ". ./src/greet.sh\n[ -n \"$(greet x)\" ] || exit 1\n",
	}
}

// touched returns the project's story with a generator note appended: the
// story is part of the change, as a generator's iteration makes it.
func touched(state string) string {
	return revertProject(state)["stories/STORY-001.md"] + "\n<!-- iteration 1 -->\n"
}

// revertEdits is a change to revertProject: a forced repair
// (tests/test_greet.sh, with the greeting it tests), added coverage
// (tests/test_more.sh), a fixture the story grants and a created test.
func revertEdits() map[string]string {
	return map[string]string{
		"src/greet.sh":            "greet() { echo \"hi $1\"; }\n",
		"tests/test_greet.sh":     ". ./src/greet.sh\n[ \"$(greet bob)\" = \"hi bob\" ] || { echo FAIL; exit 1; }\n",
		"tests/test_more.sh":      ". ./src/greet.sh\n[ -n \"$(greet x)\" ] || exit 1\n[ -n \"$(greet y)\" ] || exit 1\n",
		"tests/fixtures/data.txt": "granted by the story\n",
		"tests/test_new.sh":       "true\n",
		"stories/STORY-001.md":    touched("generating"),
	}
}

const revertSuite = "for t in tests/test_*.sh; do sh $t || exit 1; done"

func TestRevertCheckWritesTheArtifact(t *testing.T) {
	dir := vRepo(t, revertProject("generating"))
	vCommit(t, dir, revertEdits(), "head")
	out := filepath.Join(t.TempDir(), "revert-check-result.json")
	code, stdout, stderr := vMain("revert-check", "--root", dir, "--base", "HEAD~1", "--suite", revertSuite, "--per-file", "--out", out)
	if code != ExitFindings {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{"tests/test_more.sh:1:1:", "[revert/not-load-bearing]", "tests/test_new.sh:1:1:", "[revert/may-not-create]"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "tests/fixtures") || strings.Contains(stdout, "test_greet") {
		t.Errorf("a granted path or the permitted repair was reported:\n%s", stdout)
	}
	var res revert.Result
	raw, err := os.ReadFile(out)
	if err != nil || json.Unmarshal(raw, &res) != nil {
		t.Fatalf("artifact: %v\n%s", err, raw)
	}
	if !res.Ran || res.Verdict != revert.Escalate || strings.Join(res.Paths, ",") != "tests/test_greet.sh,tests/test_more.sh" || len(res.Files) != 2 {
		t.Errorf("artifact: ran %v verdict %s paths %v files %d", res.Ran, res.Verdict, res.Paths, len(res.Files))
	}
	if res.Command != revertSuite || res.Files[0].Verdict != revert.Permitted {
		t.Errorf("artifact command %q files %+v", res.Command, res.Files)
	}
}

func TestRevertCheckNoGovernedPathWritesNoArtifact(t *testing.T) {
	dir := vRepo(t, revertProject("generating"))
	vCommit(t, dir, map[string]string{"src/other.sh": "true\n", "tests/fixtures/x.txt": "granted\n", "stories/STORY-001.md": touched("generating")}, "head")
	out := filepath.Join(t.TempDir(), "revert-check-result.json")
	code, stdout, stderr := vMain("revert-check", "--root", dir, "--base", "HEAD~1", "--suite", "exit 99", "--out", out)
	if code != ExitOK {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("an artifact was written although nothing was governed: %v", err)
	}
}

func TestRevertCheckGrantsOnlyFromGeneratingStories(t *testing.T) {
	// The story is still planning: its scope grants nothing yet.
	dir := vRepo(t, revertProject("planning"))
	vCommit(t, dir, map[string]string{"tests/fixtures/x.txt": "not granted yet\n", "stories/STORY-001.md": touched("planning")}, "head")
	code, stdout, _ := vMain("revert-check", "--root", dir, "--base", "HEAD~1", "--suite", "true", "--out", filepath.Join(t.TempDir(), "r.json"))
	if code != ExitFindings || !strings.Contains(stdout, "tests/fixtures/x.txt:1:1:") {
		t.Fatalf("exit %d:\n%s", code, stdout)
	}
	code, _, _ = vMain("revert-check", "--root", dir, "--base", "HEAD~1", "--suite", "true", "--grant", "tests/fixtures", "--out", filepath.Join(t.TempDir(), "r.json"))
	if code != ExitOK {
		t.Errorf("--grant did not grant: exit %d", code)
	}
}

func TestRevertCheckShallowCloneSaysHowToFixIt(t *testing.T) {
	src := vRepo(t, revertProject("generating"))
	vCommit(t, src, map[string]string{"tests/test_more.sh": "true\n"}, "head")
	shallow := filepath.Join(t.TempDir(), "shallow")
	vGit(t, t.TempDir(), "clone", "-q", "--depth", "1", "file://"+src, shallow)
	code, _, stderr := vMain("revert-check", "--root", shallow, "--base", "HEAD~1", "--suite", "true")
	if code != ExitUsage || !strings.Contains(stderr, "fetch-depth: 0") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

// TestRevertCheckRefusesAHeadThatIsNotCheckedOut: the grants are read from
// the work tree, so a --head elsewhere would grant another commit's scopes.
func TestRevertCheckRefusesAHeadThatIsNotCheckedOut(t *testing.T) {
	dir := vRepo(t, revertProject("generating"))
	vCommit(t, dir, map[string]string{"tests/test_more.sh": "true\n"}, "second")
	vCommit(t, dir, map[string]string{"tests/test_more.sh": "true # third\n"}, "third")
	code, _, stderr := vMain("revert-check", "--root", dir, "--base", "HEAD~2", "--head", "HEAD~1", "--suite", "true")
	if code != ExitUsage || !strings.Contains(stderr, "check out the head revision") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if code, _, stderr := vMain("revert-check", "--root", dir, "--base", "HEAD~2", "--head", "HEAD", "--suite", "true", "--out", filepath.Join(t.TempDir(), "r.json")); code == ExitUsage {
		t.Errorf("--head naming the checkout was refused: %s", stderr)
	}
}

func TestRevertCheckUsageErrors(t *testing.T) {
	dir := vRepo(t, revertProject("generating"))
	for _, args := range [][]string{
		{"revert-check", "--root", dir},
		{"revert-check", "--root", dir, "--base", "HEAD", "--format", "xml"},
		{"revert-check", "--root", dir, "--base", "HEAD", "--timeout", "-1s"},
		{"revert-check", "--root", dir, "--base", "HEAD", "--granularity", "line"},
		{"revert-check", "--root", dir, "--base", "HEAD", "--per-file", "--granularity", "hunk"},
		{"revert-check", "--root", dir, "--base", "HEAD", "--max-runs", "1"},
		{"revert-check", "--root", dir, "--base", "HEAD", "--governed", "tests/", "--governed", "../shared/tests/"},
		{"revert-check", "--root", t.TempDir(), "--base", "HEAD"}, // no repository there
	} {
		if code, _, _ := vMain(args...); code != ExitUsage {
			t.Errorf("%v: exit %d", args, code)
		}
	}
}

// TestRevertCheckFollowsAMovedStory: a story moved to a new path keeps its
// base grant (matched by id), so moving it cannot widen what it may create.
func TestRevertCheckFollowsAMovedStory(t *testing.T) {
	dir := vRepo(t, revertProject("generating"))
	widened := strings.Replace(touched("generating"), "write: [src/, tests/fixtures/]", "write: [src/, tests/fixtures/, tests/]", 1)
	if err := os.Remove(filepath.Join(dir, "stories", "STORY-001.md")); err != nil {
		t.Fatal(err)
	}
	vCommit(t, dir, map[string]string{"stories/done/STORY-001.md": widened, "tests/test_new.sh": "true\n"}, "move and widen")
	code, stdout, stderr := vMain("revert-check", "--root", dir, "--base", "HEAD~1", "--suite", revertSuite, "--out", filepath.Join(t.TempDir(), "r.json"))
	if code != ExitFindings || !strings.Contains(stdout, "tests/test_new.sh:1:1:") || !strings.Contains(stdout, "[revert/may-not-create]") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestRevertCheckFollowsAStoryWhoseOldFileTookAnotherID: the old path keeps
// a file that now declares another id, and the story reappears elsewhere
// with a widened scope; its grant still comes from its base version.
func TestRevertCheckFollowsAStoryWhoseOldFileTookAnotherID(t *testing.T) {
	dir := vRepo(t, revertProject("generating"))
	widened := strings.Replace(touched("generating"), "write: [src/, tests/fixtures/]", "write: [src/, tests/fixtures/, tests/]", 1)
	other := strings.ReplaceAll(touched("generating"), "STORY-001", "STORY-003")
	vCommit(t, dir, map[string]string{"stories/STORY-001.md": other, "stories/done/STORY-001.md": widened, "tests/test_new.sh": "true\n"}, "swap ids and widen")
	code, stdout, stderr := vMain("revert-check", "--root", dir, "--base", "HEAD~1", "--suite", revertSuite, "--out", filepath.Join(t.TempDir(), "r.json"))
	if code != ExitFindings || !strings.Contains(stdout, "tests/test_new.sh:1:1:") || !strings.Contains(stdout, "[revert/may-not-create]") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestRevertCheckBudgetDecidesTheDeletionFirst: a forced repair in a file
// that sorts first and a dropped assertion that still passes, under a
// budget one run short. The dropped assertion is decided first and
// escalates, the repair the budget did not reach is escalate, undecided
// and named; the control, the repair alone, is permitted with the same
// budget, at the granularity auto chose.
func TestRevertCheckBudgetDecidesTheDeletionFirst(t *testing.T) {
	repair := map[string]string{
		"src/greet.sh":         "greet() { echo \"hi $1\"; }\n",
		"tests/test_greet.sh":  ". ./src/greet.sh\n[ \"$(greet bob)\" = \"hi bob\" ] || { echo FAIL; exit 1; }\n",
		"stories/STORY-001.md": touched("generating"),
	}
	for _, c := range []struct {
		name     string
		edits    map[string]string
		code     int
		findings []string
		verdict  revert.Verdict
	}{
		{"attack", merged(repair, map[string]string{"tests/test_more.sh": ". ./src/greet.sh\n"}), ExitFindings,
			[]string{"tests/test_greet.sh:1:1:", "[revert/undecided]", "tests/test_more.sh:1:1:", "[revert/not-load-bearing]"}, revert.Escalate},
		{"control", repair, 0, nil, revert.Permitted},
	} {
		dir := vRepo(t, revertProject("generating"))
		vCommit(t, dir, c.edits, "head")
		out := filepath.Join(t.TempDir(), "revert-check-result.json")
		code, stdout, stderr := vMain("revert-check", "--root", dir, "--base", "HEAD~1", "--suite", revertSuite, "--max-runs", "3", "--out", out)
		if code != c.code {
			t.Fatalf("%s: exit %d\n%s%s", c.name, code, stdout, stderr)
		}
		for _, want := range c.findings {
			if !strings.Contains(stdout, want) {
				t.Errorf("%s: output lacks %q:\n%s", c.name, want, stdout)
			}
		}
		var res revert.Result
		raw, err := os.ReadFile(out)
		if err != nil || json.Unmarshal(raw, &res) != nil {
			t.Fatalf("%s: artifact: %v\n%s", c.name, err, raw)
		}
		if res.Verdict != c.verdict || !strings.HasPrefix(res.GranularityReason, "auto: ") || (c.verdict == revert.Escalate) != strings.Contains(res.Incomplete, "tests/test_greet.sh") {
			t.Errorf("%s: verdict %s granularity %s (%s) incomplete %q", c.name, res.Verdict, res.Granularity, res.GranularityReason, res.Incomplete)
		}
	}
}

// merged is a with b written over it.
func merged(a, b map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range []map[string]string{a, b} {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}
