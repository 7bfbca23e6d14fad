package cli

import (
	"slices"
	"strings"
	"testing"
)

// createdStory is a story an agent creates in the same commit as its work:
// planned, approved and generated in the change, so every row of its log
// is new. rows are the Transition Log rows after the header.
func createdStory(state string, rows ...string) string {
	s := verifyStory("STORY-009", state, [][2]string{{"V1", "true"}}, nil)
	return s + "\n## Transition Log\n| Time | Actor | Event | From | To | Note |\n|---|---|---|---|---|---|\n" +
		strings.Join(rows, "\n") + "\n"
}

const (
	rowPlan     = "| 2026-06-01T08:00:00Z | orchestrator | begin_planning | seeded | planning | |"
	rowSubmit   = "| 2026-06-01T09:00:00Z | planner | submit_plan | planning | plan_review | |"
	rowApprove  = "| 2026-06-01T10:00:00Z | human | approve_plan | plan_review | ready | |"
	rowGenerate = "| 2026-06-01T11:00:00Z | orchestrator | start_generation | ready | generating | |"
	rowEvaluate = "| 2026-06-01T12:00:00Z | generator | submit_generation | generating | evaluating | |"
)

// TestValidateBaseJudgesAStoryCreatedInTheChangeByItsLog: the slim step
// used to drop a created story's body before the set rules ran, so a story
// that went through generating in its own new log granted nothing and its
// work was scope/out-of-scope. The attack control creates a story whose log
// never reaches generating: it grants nothing, and the same work is out of
// scope.
func TestValidateBaseJudgesAStoryCreatedInTheChangeByItsLog(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, story string
		outside     []string
	}{
		{"generated in the change", createdStory("evaluating", rowPlan, rowSubmit, rowApprove, rowGenerate, rowEvaluate), nil},
		{"never generating", createdStory("plan_review", rowPlan, rowSubmit), []string{"src/a.go"}},
	} {
		dir := vRepo(t, map[string]string{"README.md": "# r\n"})
		vCommit(t, dir, map[string]string{"stories/STORY-009.md": c.story, "src/a.go": "package src\n"}, "story and work")
		_, stdout, stderr := vMain("validate", "--root", dir, "--base", "HEAD~1")
		if got := findingsOf(stdout, "scope/out-of-scope"); !slices.Equal(got, c.outside) {
			t.Errorf("%s: scope/out-of-scope on %v, want %v\n%s%s", c.name, got, c.outside, stdout, stderr)
		}
	}
}
