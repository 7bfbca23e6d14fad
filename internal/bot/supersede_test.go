package bot

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/inert"
)

// The honest loops back: a decision that sends a story back asks for more
// work, so that work makes neither it nor the approvals it superseded
// stale; what is superseded, and in which order, comes from GitHub's
// records, not from the file.

// TestReopenedStoryIsAcceptedAgain: a human reopens an accepted story in
// the same pull request, the generator changes the code (as reopening
// asked), the evaluator evaluates it again and the reviewer accepts and
// marks it done. The first acceptance no longer covers the code, but the
// reopen superseded it: the new acceptance is recorded and the gate is
// green.
func TestReopenedStoryIsAcceptedAgain(t *testing.T) {
	if testing.Short() {
		t.Skip("drives the story through its lifecycle twice")
	}
	h := acceptedDemoStory(t)
	h.humanMove("/reopen the errors need an aria-live region", "generating")
	h.agentMove("submit_generation", "generator", map[string]string{lifecycleCode: "export const showErrors = () => { /* aria-live */ };\n"})
	h.agentMove("submit_evaluation", "evaluator", map[string]string{})
	h.humanMove("/accept-result", "accepted")
	h.humanMove("/mark-done", "done")
	code, findings := h.pullRequestGate()
	if code != passed || len(findings) != 0 {
		t.Fatalf("the last pull request run: got %s, %v", code, findings)
	}
	if detail := h.storiesDetail(); !strings.Contains(detail, "| Decision 2: `accept_result` at `evaluation_review` | ✅ verified | @"+inert.Breaker+"reviewer; superseded by Decision 3") {
		t.Errorf("the first acceptance is not shown superseded by the reopen:\n%s", detail)
	}
}

// TestRejectedPlanIsRevisedAndApproved: the reviewer rejects the plan, the
// planner changes the contract and writes Plan v2, and the reviewer
// approves it; the rejection approved nothing, so the contract change does
// not make it stale. The attack: after the approval the agent edits Plan
// v2 and moves the rejection's entry after the approval's, as if the
// rejection had come later; GitHub's comment order still puts the approval
// last, so it is stale.
func TestRejectedPlanIsRevisedAndApproved(t *testing.T) {
	t.Parallel()
	for name, tamper := range map[string]bool{"revised and approved": false, "rejection moved after the approval": true} {
		t.Run(name, func(t *testing.T) {
			h := newPullRequest(t)
			h.humanMove("/reject-plan STORY-002 the constraints are missing", "planning")
			h.agentPush("planner: constraints", map[string]string{lifecycleStory: h.editStory("## Constraints\n...\n", "## Constraints\nKeep the form's layout.\n")})
			h.agentMove("submit_plan", "planner", map[string]string{})
			h.humanMove("/approve-plan STORY-002 v2 is fine", "ready")
			if !tamper {
				code, findings := h.pullRequestGate()
				assertGreen(t, code, findings)
				return
			}
			text := h.editStory("Render the errors beside the fields.", "Render the errors, and rewrite the auth layer.")
			first, second := decisionEntry(t, text, 1), decisionEntry(t, text, 2)
			text = strings.Replace(strings.Replace(text, first, "\x00", 1), second, second+first, 1)
			h.agentPush("agent: plan tweak", map[string]string{lifecycleStory: strings.Replace(text, "\x00", "", 1)})
			code, findings := h.pullRequestGate()
			onlyFinding(t, code, findings, lifecycleStory, "hitl/decision-stale", "contract + Plan v2 changed after the decision")
		})
	}
}

// decisionEntry is the text of "### Decision n" in a story, up to the next
// heading of its level or the next section.
func decisionEntry(t *testing.T, text string, n int) string {
	t.Helper()
	heading := "### Decision " + string(rune('0'+n)) + "\n"
	start := strings.Index(text, heading)
	if start < 0 {
		t.Fatalf("no %q", heading)
	}
	rest := text[start+len(heading):]
	end := len(rest)
	for _, next := range []string{"\n### ", "\n## "} {
		if i := strings.Index(rest, next); i >= 0 && i+1 < end {
			end = i + 1
		}
	}
	return text[start : start+len(heading)+end]
}

// storiesDetail is the stories gate's detail of the last run.
func (h *harness) storiesDetail() string {
	stories, _ := h.document().Gate("stories")
	return stories.Detail
}
