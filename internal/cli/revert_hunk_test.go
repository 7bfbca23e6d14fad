package cli

import (
	"strings"
	"testing"
)

// hunkProject's test file has an unchanged line between the assertion the
// change must repair and the end, where the change adds coverage: two
// hunks in one governed file.
func hunkProject(granularity string) map[string]string {
	files := revertProject("generating")
	files[".github/storygate.yml"] = "revert:\n  suite: '" + revertSuite + "'\n  granularity: " + granularity + "\n"
	files["tests/test_greet.sh"] = ". ./src/greet.sh\n[ \"$(greet bob)\" = \"hello bob\" ] || { echo FAIL; exit 1; }\necho done\n"
	return files
}

// TestGateRevertGranularityHunk: the PR gate reads revert.granularity from
// the base policy. At hunk granularity the added assertion in the file the
// change had to repair escalates at its line and the comment lists every
// hunk; at set granularity (the control) the repair shelters it.
func TestGateRevertGranularityHunk(t *testing.T) {
	for _, k := range actionEnv {
		t.Setenv(k, "")
	}
	for _, c := range []struct {
		granularity string
		escalates   bool
	}{{"hunk", true}, {"set", false}} {
		dir := vRepo(t, hunkProject(c.granularity))
		vCommit(t, dir, map[string]string{
			"src/greet.sh":         "greet() { echo \"hi $1\"; }\n",
			"tests/test_greet.sh":  ". ./src/greet.sh\n[ \"$(greet bob)\" = \"hi bob\" ] || { echo FAIL; exit 1; }\necho done\n[ -n \"$(greet)\" ] || exit 1\n",
			"stories/STORY-001.md": touched("generating"),
		}, "head")
		t.Setenv("RUNNER_TEMP", t.TempDir())
		code, stdout, stderr := run(t, "action", "--event-name", "local", "--root", dir, "--base", "HEAD~1")
		escalated := strings.Contains(stdout, "| `tests/test_greet.sh:4` | `revert/not-load-bearing` |")
		if escalated != c.escalates || code == ExitInternal || code == ExitUsage {
			t.Errorf("%s: exit %d, escalated %v, want %v\n%s%s", c.granularity, code, escalated, c.escalates, stdout, stderr)
		}
		rows := []string{"| `tests/test_greet.sh` | `-2,1 +2,1` | ✅ permitted | hunk |", "| `tests/test_greet.sh` | `-3,0 +4,1` | ✋ escalate | hunk |"}
		for _, row := range rows {
			if strings.Contains(stdout, row) != c.escalates {
				t.Errorf("%s: comment has row %q: %v\n%s", c.granularity, row, !c.escalates, stdout)
			}
		}
	}
}
