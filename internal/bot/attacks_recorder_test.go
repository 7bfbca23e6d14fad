package bot

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// The end-to-end attacks on the recorder: each drives storygate action with
// the real issue_comment payload GitHub sends for a reviewer's command,
// against the OpenAPI-checked fake, and its honest control does the same.

// planStep is the one step of STORY-002's Plan v1, part of what
// /approve-plan approves.
const planStep = "1. Map error paths to form fields."

// lastReply is the last comment storygate posted on the pull request.
func (h *harness) lastReply() string {
	h.t.Helper()
	comments := h.fake.Comments(prRepo, prNumber)
	if len(comments) == 0 || comments[len(comments)-1].Author != githubtest.Bot {
		h.t.Fatalf("storygate did not reply: %+v", comments)
	}
	return comments[len(comments)-1].Body
}

// assertRefused checks that the last command was refused with a reply
// containing want, and that nothing was committed or gated.
func (h *harness) assertRefused(want string) {
	h.t.Helper()
	reply := h.lastReply()
	if !strings.Contains(reply, want) || len(receiptsIn(reply)) != 0 {
		h.t.Errorf("the reply does not refuse with %q:\n%s", want, reply)
	}
	if commits, runs := h.fake.Commits(prRepo, "feature"), h.fake.Dispatches(); len(commits) != 0 || len(runs) != 0 {
		h.t.Errorf("a refused command was recorded: commits %+v, gate runs %+v", commits, runs)
	}
}

// storyOnBranch is STORY-002 on the pull request's branch.
func (h *harness) storyOnBranch() string {
	h.t.Helper()
	text, _, ok := h.fake.File(prRepo, "feature", h.at(lifecycleStory))
	if !ok {
		h.t.Fatal("STORY-002 is not on the pull request's branch")
	}
	return string(text)
}

// editStory is STORY-002 on the pull request's branch with from replaced.
func (h *harness) editStory(from, to string) string {
	h.t.Helper()
	text := h.storyOnBranch()
	if !strings.Contains(text, from) {
		h.t.Fatalf("STORY-002 holds no %q", from)
	}
	return strings.Replace(text, from, to, 1)
}

// approvedContentEdits are the agent's edits of STORY-002 at plan_review:
// two change what /approve-plan approves (the plan; max_iterations, read
// as part of the contract), the control changes only the priority.
var approvedContentEdits = map[string]struct {
	from, to string
	approved bool
}{
	"plan changed":     {planStep, planStep + "\n2. Also rewrite the auth layer.", true},
	"limit raised":     {"max_iterations: 3", "max_iterations: 30", true},
	"priority changed": {"priority: medium", "priority: low", false},
}

// TestActionRefusesContentChangedAfterTheComment: the agent pushes a change
// after the reviewer's /approve-plan and before storygate handles it.
// GitHub's push records show the reviewer saw the earlier head, so a change
// to what the command approves is refused with a reply saying what to do;
// the control, a change outside it, is recorded at the head the reviewer
// saw and its gate run passes.
func TestActionRefusesContentChangedAfterTheComment(t *testing.T) {
	t.Parallel()
	for name, c := range approvedContentEdits {
		t.Run(name, func(t *testing.T) {
			h := newPullRequest(t)
			seen := h.head
			body := "/approve-plan STORY-002"
			id := h.fake.AddComment(prRepo, prNumber, commandReviewer, body)
			h.agentPush("the agent edits the story after the comment", map[string]string{lifecycleStory: h.editStory(c.from, c.to)})
			if code := h.commented(id, body, commandReviewer); code != passed {
				t.Fatalf("got %s\n%s", code, h.stderr.String())
			}
			if c.approved {
				h.assertRefused("changed after your comment")
				return
			}
			receipts := receiptsIn(h.lastReply())
			if len(receipts) != 1 || receipts[0].Head != seen || len(h.fake.Dispatches()) != 1 {
				t.Fatalf("want the decision recorded at the head the reviewer saw %s: %+v", seen, receipts)
			}
			if code := h.dispatchedGate(h.fake.Dispatches()[0]); code != passed {
				t.Errorf("the control's gate run: got %s, %v", code, h.decisionFindings())
			}
		})
	}
}

// TestActionRefusesARaceThatChangedApprovedContent: a push lands while
// storygate writes the decision (GitHub answers 409). Re-applying it would
// stamp the racing content approved, so storygate refuses and keeps the
// push; the control, a racing change outside what is approved, is kept and
// the decision recorded once on top of it.
func TestActionRefusesARaceThatChangedApprovedContent(t *testing.T) {
	t.Parallel()
	for name, c := range approvedContentEdits {
		t.Run(name, func(t *testing.T) {
			h := newPullRequest(t)
			h.fake.ConcurrentPushOnce(prRepo, "feature", lifecycleStory, func(old []byte) []byte {
				return []byte(strings.Replace(string(old), c.from, c.to, 1))
			})
			if code := h.slashCommand(commandReviewer, "/approve-plan STORY-002"); code != passed {
				t.Fatalf("got %s\n%s", code, h.stderr.String())
			}
			text, _, _ := h.fake.File(prRepo, "feature", lifecycleStory)
			if !strings.Contains(string(text), c.to) {
				t.Fatalf("the racing push was lost:\n%s", text)
			}
			if c.approved {
				h.assertRefused("while your decision was being recorded")
				return
			}
			if commits := h.fake.Commits(prRepo, "feature"); len(commits) != 1 || strings.Count(string(text), "### Decision") != 1 {
				t.Fatalf("want the decision recorded once on top of the racing push: %+v\n%s", commits, text)
			}
			if code := h.dispatchedGate(h.fake.Dispatches()[0]); code != passed {
				t.Errorf("the control's gate run: got %s, %v", code, h.decisionFindings())
			}
		})
	}
}

// TestActionLostResponseStillReactsAndGates: the decision's write lands but
// GitHub's answer is lost (a 502, or the connection reset); the retry
// meets a 409 and finds the decision there. The commands job's checkout,
// fetched when the job started, does not hold the commit GitHub made;
// storygate reads it through the API, then leaves its receipt, reacts and
// starts the gate on the decision's commit, each exactly once, and that
// gate run passes. The control, no fault, does the same through the normal
// path.
func TestActionLostResponseStillReactsAndGates(t *testing.T) {
	t.Parallel()
	for _, fault := range []githubtest.Fault{0, githubtest.AppliedThen5xx, githubtest.AppliedThenReset} {
		t.Run(fault.String(), func(t *testing.T) {
			h := newPullRequest(t)
			if fault != 0 {
				h.fake.Inject("PUT", "/repos/{owner}/{repo}/contents/{path}", fault, 1)
			}
			d := h.recordDecision("/approve-plan STORY-002", "ready")
			commits := h.fake.Commits(prRepo, "feature")
			if testrepo.HasCommit(t, h.repo.Root, commits[0].SHA) {
				t.Fatal("the commands job's checkout holds the decision commit, which a real job's never does")
			}
			var receipts []chatops.Receipt
			for _, c := range h.fake.Comments(prRepo, prNumber) {
				receipts = append(receipts, receiptsIn(c.Body)...)
			}
			if len(commits) != 1 || len(receipts) != 1 || receipts[0].Commit != commits[0].SHA || receipts[0].At != "plan_review" {
				t.Fatalf("commits %+v, receipts %+v: want one decision commit and its receipt", commits, receipts)
			}
			if reactions := h.fake.Comments(prRepo, prNumber)[0].Reactions; !slices.Equal(reactions, []string{"+1"}) {
				t.Errorf("reactions %v, want +1", reactions)
			}
			if code := h.dispatchedGate(d); code != passed {
				t.Errorf("the gate run on the decision commit: got %s, %v", code, h.decisionFindings())
			}
		})
	}
}

// TestActionLookAlikeCommitIsNotTheLostWrite: storygate's write is dropped
// (the connection reset before it lands) while a commit with storygate's
// commit message, pushed with the workflow's own identity, lands a Decision
// entry citing the comment: the retry's re-read finds the entry, but the
// commit is not the one storygate wrote, so the command is refused with no
// receipt, no commit of storygate's and no gate run. The control is
// TestActionLostResponseStillReactsAndGates.
func TestActionLookAlikeCommitIsNotTheLostWrite(t *testing.T) {
	h := newPullRequest(t)
	body := "/approve-plan STORY-002"
	id := h.fake.AddComment(prRepo, prNumber, commandReviewer, body)
	msg := fmt.Sprintf("storygate: approve_plan STORY-002\n\nDecided by @%s in %s", commandReviewer.Login, sourceOf(id))
	forged := forgeApproval(demoFile(t, "STORY-002.md"), sourceOf(id))
	h.fake.RacingCommitOnce(prRepo, "feature", lifecycleStory, msg, githubtest.Bot, func([]byte) []byte { return []byte(forged) })
	h.fake.Inject("PUT", "/repos/{owner}/{repo}/contents/{path}", githubtest.Reset, 1)
	if code := h.commented(id, body, commandReviewer); code != passed {
		t.Fatalf("got %s\n%s", code, h.stderr.String())
	}
	h.assertRefused("is the one storygate wrote")
}

// waitingCopy is STORY-002 renamed to id, a second story waiting at
// plan_review.
func waitingCopy(t *testing.T, id string) string {
	return strings.NewReplacer("id: STORY-002", "id: "+id, "# STORY-002", "# "+id).Replace(demoFile(t, "STORY-002.md"))
}

// TestActionBareCommandNeedsExactlyOneWaitingStory: with two stories
// waiting at plan_review a bare /approve-plan names neither, so it is
// refused; naming one applies it to that story only, and the receipt
// names it.
func TestActionBareCommandNeedsExactlyOneWaitingStory(t *testing.T) {
	t.Parallel()
	for body, want := range map[string]string{"/approve-plan": "", "/approve-plan STORY-004": "STORY-004"} {
		t.Run(body, func(t *testing.T) {
			h := newHarness(t)
			h.repo.Remove("stories/STORY-003.md")
			h.repo.Write(map[string]string{"stories/STORY-004.md": waitingCopy(t, "STORY-004")})
			h.head = h.repo.Commit("two stories wait for their plan review")
			h.openPullRequest()
			if code := h.slashCommand(commandReviewer, body); code != passed {
				t.Fatalf("got %s\n%s", code, h.stderr.String())
			}
			if want == "" {
				h.assertRefused("2 stories wait at human gates")
				return
			}
			receipts := receiptsIn(h.lastReply())
			untouched, _, _ := h.fake.File(prRepo, "feature", lifecycleStory)
			if len(receipts) != 1 || receipts[0].Story != want || string(untouched) != demoFile(t, "STORY-002.md") {
				t.Errorf("receipts %+v, want one for %s and STORY-002 untouched", receipts, want)
			}
		})
	}
}

// sourceOf is the html_url GitHub gives comment id on pull request #2.
func sourceOf(id int64) string {
	return fmt.Sprintf("https://github.com/%s/pull/%d#issuecomment-%d", prRepo, prNumber, id)
}
