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
	assertRevertSection(t, rv,
		"| `tests/test_greet.py` | whole file | ✅ permitted | file |",
		"| `tests/test_greet.py` | `-2,1 +2,1` | ✅ permitted | hunk |",
		"| `tests/test_greet.py` | `-9,0 +10,4` | ✋ escalate | hunk |",
		"the run budget (max\\_runs 4) ran out")
	rv.Decisions = nil
	for i := range maxRevertDecisions + 5 {
		rv.Decisions = append(rv.Decisions, gate.RevertDecision{Path: "tests/a.py", Lines: fmt.Sprintf("-%d,1 +%d,1", i+1, i+1), Verdict: "permitted", Decided: "hunk"})
	}
	md := commentOf(&gate.Results{}, MarkdownOptions{}).storySection(gate.Story{File: "stories/STORY-001.md", Generating: true, Revert: rv}, nil)
	if strings.Count(md, "| `tests/a.py` |") != maxRevertDecisions || !strings.Contains(md, "… and 5 more") {
		t.Errorf("the table is not bounded:\n%s", md)
	}
}

// TestRevertShowsTheBudgetAndTheGranularity: an edit the budget left is a
// row of its own, escalate and undecided; the comment says which
// granularity auto chose and why, and counts escalations past the bound.
func TestRevertShowsTheBudgetAndTheGranularity(t *testing.T) {
	t.Parallel()
	rv := &gate.Revert{Verdict: "escalate", Paths: []string{"tests/a.sh", "tests/b.sh"}, Granularity: "file",
		GranularityReason: "auto: file, as deciding every hunk on its own could take 40 suite runs, more than max_runs 20 (file takes 4)",
		Decisions: []gate.RevertDecision{
			{Path: "tests/a.sh", Verdict: "permitted", Decided: "file"},
			{Path: "tests/b.sh", Verdict: "escalate", Decided: "undecided"},
		},
		Incomplete: "the run budget (max_runs 3) ran out: 1 of 2 files and hunks were not reverted on their own and escalate (an undecided edit fails closed): tests/b.sh"}
	assertRevertSection(t, rv,
		"| `tests/b.sh` | whole file | ✋ escalate | undecided |",
		"Granularity: auto: file, as deciding every hunk",
		"escalate (an undecided edit fails closed): tests/b.sh")
	rv.Decisions = nil
	for i := range maxRevertDecisions + 3 {
		rv.Decisions = append(rv.Decisions, gate.RevertDecision{Path: fmt.Sprintf("tests/a%02d.sh", i), Verdict: "permitted", Decided: "file"})
	}
	rv.Decisions[maxRevertDecisions+1].Verdict, rv.Decisions[maxRevertDecisions+1].Decided = "escalate", "undecided"
	md := commentOf(&gate.Results{}, MarkdownOptions{}).storySection(gate.Story{File: "stories/STORY-001.md", Generating: true, Revert: rv}, nil)
	if !strings.Contains(md, "… and 3 more, 1 of them not permitted") {
		t.Errorf("the bound hides the escalation:\n%s", md)
	}
}

// assertRevertSection renders rv in a story's section and checks that it
// holds every want.
func assertRevertSection(t *testing.T, rv *gate.Revert, wants ...string) {
	t.Helper()
	md := commentOf(&gate.Results{}, MarkdownOptions{}).storySection(gate.Story{File: "stories/STORY-001.md", ID: "STORY-001", Generating: true, Revert: rv}, nil)
	for _, want := range wants {
		if !strings.Contains(md, want) {
			t.Errorf("comment lacks %q:\n%s", want, md)
		}
	}
}
