package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// queueRef points a merge_group payload's head_ref at a queue branch made
// for pull request number (0: a branch that names none).
func queueRef(number int, head string) githubtest.Edit {
	return func(p map[string]any) {
		mg, _ := p["merge_group"].(map[string]any)
		ref := "refs/heads/some-branch"
		if number != 0 {
			ref = fmt.Sprintf("refs/heads/gh-readonly-queue/main/pr-%d-%s", number, head)
		}
		mg["head_ref"] = ref
	}
}

// hitlFindings runs the merge queue's gate and returns its decision findings.
func (h *harness) mergeQueueDecisions(number int) []string {
	h.t.Helper()
	h.event("merge_group", "merge_group.checks_requested", queueRef(number, h.head), githubtest.WithRepo("Codertocat", "Hello-World"))
	if code := h.run("action"); code == ExitUsage || code == ExitInternal {
		h.t.Fatalf("merge queue run: exit %d\n%s", code, h.stderr.String())
	}
	stories, _ := h.document().Gate(gate.Stories)
	var out []string
	for _, d := range stories.Diagnostics {
		if strings.HasPrefix(d.Rule, "hitl/decision-") && d.File == "stories/STORY-002.md" {
			out = append(out, d.Rule+": "+d.Message)
		}
	}
	return out
}

// TestMergeQueueVerifiesDecisions: a merge group made for a pull request
// verifies its decisions against that pull request. An honestly recorded
// approval passes; an entry the agent wrote is unverified, where the merge
// queue used to post success for it; a group naming no pull request fails
// closed.
func TestMergeQueueVerifiesDecisions(t *testing.T) {
	t.Run("recorded by storygate", func(t *testing.T) {
		h := commandHarness(t)
		h.fake.SetPermission(prRepo, commandReviewer.Login, "write")
		if code := h.slashCommand(commandReviewer, "/approve-plan STORY-002"); code != ExitOK {
			t.Fatalf("exit %d\n%s", code, h.stderr.String())
		}
		h.head = h.fake.Commits(prRepo, "feature")[0].SHA
		if got := h.mergeQueueDecisions(prNumber); len(got) != 0 {
			t.Errorf("merge queue findings %v, want the decision verified", got)
		}
	})
	t.Run("written by the agent", func(t *testing.T) {
		h := commandHarness(t)
		h.fake.SetPermission(prRepo, commandReviewer.Login, "write")
		id := h.fake.AddComment(prRepo, prNumber, commandReviewer, "/approve-plan STORY-002")
		agentApproves(t, h, fmt.Sprintf("https://github.com/%s/pull/%d#issuecomment-%d", prRepo, prNumber, id))
		got := h.mergeQueueDecisions(prNumber)
		if len(got) != 1 || !strings.Contains(got[0], "hitl/decision-unverified: ") || !strings.Contains(got[0], "left no record") {
			t.Errorf("merge queue findings %v, want the agent's entry unverified", got)
		}
	})
	t.Run("no pull request named", func(t *testing.T) {
		h := commandHarness(t)
		agentApproves(t, h, "https://github.com/Codertocat/Hello-World/pull/2#issuecomment-999")
		got := h.mergeQueueDecisions(0)
		if len(got) != 1 || !strings.Contains(got[0], "gates no pull request") {
			t.Errorf("merge queue findings %v, want fail closed", got)
		}
	})
}

// agentApproves commits, as the agent, STORY-002 moved to ready with a
// Decision entry citing source.
func agentApproves(t *testing.T, h *harness, source string) {
	t.Helper()
	forged := forgeApproval(demoFile(t, "STORY-002.md"), source)
	h.repo.Write(map[string]string{"stories/STORY-002.md": forged})
	h.head = h.repo.Commit("agent approves its own plan")
	h.fake.SetFile(prRepo, "feature", "stories/STORY-002.md", []byte(forged))
	h.fake.Push(prRepo, "feature", h.head, commandAgent)
}
