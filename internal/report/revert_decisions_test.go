package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
)

// TestRevertDecisionsShowEveryHunk: a hunk-granularity verdict lists each
// file and hunk with its verdict, says what the budget left, and stops at
// a bound with a count of the rest.
func TestRevertDecisionsShowEveryHunk(t *testing.T) {
	t.Parallel()
	rv := &gate.Revert{Verdict: "escalate", Paths: []string{"tests/test_greet.py"}, Granularity: "hunk",
		Decisions: []gate.RevertDecision{
			{Path: "tests/test_greet.py", Verdict: "permitted", Decided: "file"},
			{Path: "tests/test_greet.py", Lines: "-2,1 +2,1", Verdict: "permitted", Decided: "hunk"},
			{Path: "tests/test_greet.py", Lines: "-9,0 +10,4", Verdict: "escalate", Decided: "hunk"},
		},
		Incomplete: "the run budget (max_runs 4) ran out: 1 of 3 files and hunks were not reverted on their own"}
	md := commentOf(&gate.Results{}, MarkdownOptions{}).storySection(gate.Story{File: "stories/STORY-001.md", ID: "STORY-001", Revert: rv}, nil)
	for _, want := range []string{
		"| `tests/test_greet.py` | whole file | ✅ permitted | file |",
		"| `tests/test_greet.py` | `-2,1 +2,1` | ✅ permitted | hunk |",
		"| `tests/test_greet.py` | `-9,0 +10,4` | ✋ escalate | hunk |",
		"the run budget (max\\_runs 4) ran out",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("comment lacks %q:\n%s", want, md)
		}
	}
	rv.Decisions = nil
	for i := range maxRevertDecisions + 5 {
		rv.Decisions = append(rv.Decisions, gate.RevertDecision{Path: "tests/a.py", Lines: fmt.Sprintf("-%d,1 +%d,1", i+1, i+1), Verdict: "permitted", Decided: "hunk"})
	}
	md = commentOf(&gate.Results{}, MarkdownOptions{}).storySection(gate.Story{File: "stories/STORY-001.md", Revert: rv}, nil)
	if strings.Count(md, "| `tests/a.py` |") != maxRevertDecisions || !strings.Contains(md, "… and 5 more") {
		t.Errorf("the table is not bounded:\n%s", md)
	}
}
