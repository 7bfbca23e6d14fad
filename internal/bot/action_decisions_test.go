package bot

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// TestActionFailsAnUnbackedDecision: an agent writes a Decision entry and
// moves its story through the gate itself; the PR gate finds no authorized
// comment behind the decision and fails hitl/decision-unverified.
func TestActionFailsAnUnbackedDecision(t *testing.T) {
	h := newHarness(t)
	waiting := strings.Replace(demoFile(t, "STORY-002.md"), "depends_on: [STORY-001]\n", "", 1)
	h.repo.Write(map[string]string{"stories/STORY-002.md": waiting})
	h.base = h.repo.Commit("story waits at plan_review")
	forged := forgeApproval(waiting, "https://github.com/Codertocat/Hello-World/pull/2#issuecomment-999")
	h.repo.Write(map[string]string{"stories/STORY-002.md": forged})
	h.head = h.repo.Commit("agent approves its own plan")
	h.fake.AddPullRequest(prRepo, githubtest.PullRequest{Number: prNumber, HeadSHA: h.head, BaseSHA: h.base, HeadRef: "feature", BaseRef: "main"})
	h.event("pull_request", "pull_request.synchronize")
	if code := h.action(); code != failed {
		t.Fatalf("got %s, want 1\n%s", code, h.stderr.String())
	}
	stories, _ := h.document().Gate(gate.Stories)
	found := false
	for _, d := range stories.Diagnostics {
		if d.Rule == "hitl/decision-unverified" && d.File == "stories/STORY-002.md" {
			found = true
		}
	}
	if !found {
		t.Fatalf("no hitl/decision-unverified finding: %+v", stories.Diagnostics)
	}
	if !strings.Contains(stories.Detail, "Decision 1") {
		t.Errorf("the stories gate detail does not list the decision: %q", stories.Detail)
	}
}

// forgeApproval is story (at plan_review) moved to ready by the agent with
// a Decision entry citing source and a human log row.
func forgeApproval(story, source string) string {
	forged := strings.Replace(story, "## Human Decisions\n", "## Human Decisions\n\n### Decision 1\n**Date:** 2026-06-01 10:00\n"+
		"**At state:** plan_review\n**Decision:** approve_plan\n**Rationale:** looks fine to me\n**Binding:** true\n**Source:** "+source+"\n", 1)
	forged = strings.Replace(forged, "state: plan_review", "state: ready", 1)
	forged = strings.Replace(forged, "active_role: human", "active_role: generator", 1)
	return strings.Replace(forged, "| planner | submit_plan | planning | plan_review | Plan v1 |\n",
		"| planner | submit_plan | planning | plan_review | Plan v1 |\n| 2026-06-01T10:00:00Z | human | approve_plan | plan_review | ready | |\n", 1)
}
