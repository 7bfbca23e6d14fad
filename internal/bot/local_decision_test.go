package bot

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/transition"
)

// One decision flow (issue 27): the developer approves the plan locally
// (`storygate transition --actor human`, which records the Decision entry
// with the local Source); the pull request gate never counts it, and says
// what to type instead of a bare unverified error; the reviewer's
// /approve-plan on the pull request adopts the entry, which the gate then
// verifies.

// localApproval records STORY-002's plan approval as the CLI does
// locally, by by, and pushes it as the agent.
func (h *harness) localApproval(by string) {
	h.t.Helper()
	h.pull()
	text := readText(h.t, filepath.Join(h.repo.Root, h.at(lifecycleStory)))
	now := time.Now().UTC()
	out, err := transition.Decide(story.Parse(lifecycleStory, []byte(text)), transition.Decision{Event: "approve_plan", Rationale: "small plan",
		Source: transition.LocalSource, By: by, Date: now, At: now, Note: "recorded locally by " + by})
	if err != nil {
		h.t.Fatal(err)
	}
	h.agentPush("approve the plan locally", map[string]string{lifecycleStory: string(out)})
}

func TestLocalDecisionNamesTheCommandAndIsAdoptedOnThePullRequest(t *testing.T) {
	h := newPullRequest(t)
	h.localApproval("alice")
	code, findings := h.pullRequestGate()
	if code != failed || len(findings) != 1 || !strings.Contains(findings[0], "hitl/decision-unverified") ||
		!strings.Contains(findings[0], "recorded locally: type `/approve-plan STORY-002` on the pull request") {
		t.Fatalf("the PR gate on a local decision: %s %v", code, findings)
	}
	h.humanMove("/approve-plan STORY-002 the plan is small", "ready")
	text, _, _ := h.fake.File(prRepo, "feature", h.at(lifecycleStory))
	if strings.Contains(string(text), transition.LocalSource) || strings.Count(string(text), "### Decision ") != 1 || !strings.Contains(string(text), "**By:** reviewer\n") {
		t.Errorf("the local entry was not adopted:\n%s", text)
	}
	if code, findings := h.pullRequestGate(); len(findings) != 0 {
		t.Errorf("the PR gate after the adoption: %s %v", code, findings)
	}
}

// TestForgedLocalDecisionsNeverPassThePullRequestGate: a local record is
// no human decision on the pull request, whoever it names and whoever
// pushes it; the PR's author's own command cannot adopt it either.
func TestForgedLocalDecisionsNeverPassThePullRequestGate(t *testing.T) {
	t.Parallel()
	for _, by := range []string{"coding-agent", "reviewer"} {
		t.Run(by, func(t *testing.T) {
			h := newPullRequest(t)
			h.localApproval(by)
			if reply := h.rule(commandAgent, "/approve-plan STORY-002 mine"); !strings.Contains(reply, "opened this pull request") {
				t.Errorf("the author's command was not refused:\n%s", reply)
			}
			code, findings := h.pullRequestGate()
			if code != failed || len(findings) != 1 || !strings.Contains(findings[0], "hitl/decision-unverified") || !strings.Contains(findings[0], "recorded locally") {
				t.Errorf("a local record naming %s: %s %v", by, code, findings)
			}
		})
	}
}
