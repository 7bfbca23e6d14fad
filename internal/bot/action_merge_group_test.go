package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// queueRef points a merge_group payload's head_ref at a queue branch made
// for pull request number (0: a branch that names none).
func queueRef(number int, prHead string) githubtest.Edit {
	return func(p map[string]any) {
		mg, _ := p["merge_group"].(map[string]any)
		ref := "refs/heads/some-branch"
		if number != 0 {
			ref = fmt.Sprintf("refs/heads/gh-readonly-queue/main/pr-%d-%s", number, prHead)
		}
		mg["head_ref"] = ref
	}
}

// mergeQueueDecisions has the merge queue build its group commit (see
// queueMerge), runs the gate on the real merge_group payload
// for it and returns the decision findings.
func (h *harness) mergeQueueDecisions(number int) (status, []string) {
	h.t.Helper()
	prHead := h.head
	h.queueMerge()
	h.event("merge_group", "merge_group.checks_requested", queueRef(number, prHead), githubtest.WithRepo("Codertocat", "Hello-World"))
	code := h.action()
	if code == usageFailure || code == internalError {
		h.t.Fatalf("merge queue run: got %s\n%s", code, h.stderr.String())
	}
	if runs := h.fake.CheckRuns(); len(runs) == 0 || runs[0].HeadSHA != h.head {
		h.t.Fatalf("the merge queue's checks are not on its commit %s: %+v", h.head, runs)
	}
	return code, h.decisionFindings()
}

// queueMerge builds what a merge queue tests: main moved on since the pull
// request's base, and the queue's commit merges the pull request's head
// into it; h.base and h.head become the group's base and head.
func (h *harness) queueMerge() {
	h.t.Helper()
	prHead := h.head
	h.pull() // the queue merges the head as GitHub holds it
	testrepo.GitCLI(h.t, h.repo.Root, "checkout", "-q", "--detach", h.base)
	h.repo.Write(map[string]string{"README.md": "main moved on\n"})
	h.base = h.repo.Commit("another pull request merged into main")
	testrepo.GitCLI(h.t, h.repo.Root, "merge", "-q", "--no-ff", "-m", "Merge pull request #2 from feature", prHead)
	h.head = testrepo.GitCLI(h.t, h.repo.Root, "rev-parse", "HEAD")
}

// agentApproves commits and pushes, as the agent, STORY-002 moved to ready
// with a Decision entry citing source.
func (h *harness) agentApproves(source string) {
	h.t.Helper()
	h.agentPush("agent approves its own plan", map[string]string{lifecycleStory: forgeApproval(demoFile(h.t, "STORY-002.md"), source)})
}

// TestMergeQueueVerifiesDecisions: a merge group made for a pull request
// verifies its decisions against that pull request. An approval storygate
// recorded passes; an entry the agent wrote, citing a real authorized
// comment, is unverified, where the merge queue used to post success for
// it; a group whose branch names no pull request fails closed.
func TestMergeQueueVerifiesDecisions(t *testing.T) {
	t.Parallel()
	t.Run("recorded by storygate", func(t *testing.T) {
		h := newPullRequest(t)
		if code := h.slashCommand(commandReviewer, "/approve-plan STORY-002"); code != passed {
			t.Fatalf("got %s\n%s", code, h.stderr.String())
		}
		h.head = h.fake.Commits(prRepo, "feature")[0].SHA
		if code, got := h.mergeQueueDecisions(prNumber); code != passed || len(got) != 0 {
			t.Errorf("got %s, merge queue findings %v, want the decision verified\n%+v", code, got, h.document().Gates)
		}
		if stories, _ := h.document().Gate(gate.Stories); !strings.Contains(stories.Detail, "✅ verified") {
			t.Errorf("the merge queue does not list the verified decision:\n%s", stories.Detail)
		}
	})
	t.Run("written by the agent", func(t *testing.T) {
		h := newPullRequest(t)
		id := h.fake.AddComment(prRepo, prNumber, commandReviewer, "/approve-plan STORY-002")
		h.agentApproves(fmt.Sprintf("https://github.com/%s/pull/%d#issuecomment-%d", prRepo, prNumber, id))
		code, got := h.mergeQueueDecisions(prNumber)
		if code != failed || len(got) != 1 || !strings.HasPrefix(got[0], lifecycleStory+": hitl/decision-unverified: ") || !strings.Contains(got[0], "left no record") {
			t.Errorf("got %s, merge queue findings %v, want the agent's entry unverified", code, got)
		}
	})
	t.Run("no pull request named", func(t *testing.T) {
		h := newPullRequest(t)
		h.agentApproves("https://github.com/Codertocat/Hello-World/pull/2#issuecomment-999")
		code, got := h.mergeQueueDecisions(0)
		if code != failed || len(got) != 1 || !strings.Contains(got[0], "gates no pull request") {
			t.Errorf("got %s, merge queue findings %v, want fail closed", code, got)
		}
	})
}
