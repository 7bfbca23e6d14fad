package chatops

import (
	"bytes"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/chatops/chatopstest"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/transition"
)

const contentsRoute = "/repos/{owner}/{repo}/contents/{path}"

// receiptOf is the one receipt storygate posted.
func (f *fixture) receiptOf() Receipt {
	f.t.Helper()
	var out []Receipt
	for _, c := range f.replies() {
		out = append(out, receiptsIn(c.Body)...)
	}
	if len(out) != 1 {
		f.t.Fatalf("%d receipts, want 1: %+v", len(out), f.replies())
	}
	return out[0]
}

// TestReceiptRecordsWhatTheCommenterSaw: the receipt names the story, the
// event and state, the comment, the head pushed before the comment and the
// digest of the approved content there, and the decision's commit.
func TestReceiptRecordsWhatTheCommenterSaw(t *testing.T) {
	f := newFixture(t)
	seen := f.pr.Head()
	ev := f.comment(reviewer, "/approve-plan")
	out := f.handle(ev)
	r := f.receiptOf()
	hist := openHistory(t, f.pr.Git.Root)
	s, _ := StoryAt(hist, seen, storyPath)
	content, err := ContentAt(hist, seen, storyPath, CoverFor(s, "approve_plan", "plan_review"))
	if err != nil {
		t.Fatal(err)
	}
	want := Receipt{Story: "STORY-001", Path: storyPath, Event: "approve_plan", At: "plan_review", Source: ev.Comment.ID,
		Head: seen, Digest: Digest(content), Covers: "contract + Plan v1", Commit: out.Commit}
	if r != want {
		t.Errorf("receipt %+v, want %+v", r, want)
	}
	if !RecorderOf(f.cfg.Approvers).Authored(github.Comment{Author: github.User{Login: "github-actions[bot]", Type: "Bot"}}) {
		t.Error("the default recorder is not GITHUB_TOKEN's identity")
	}
}

// TestApprovedContentChangedAfterTheCommentIsRefused: the agent pushes a
// plan change after the reviewer commented; the reviewer never saw it, so
// storygate refuses and says what to do. Its control, a push that changes
// nothing approved, is applied, recording the head the reviewer saw.
func TestApprovedContentChangedAfterTheCommentIsRefused(t *testing.T) {
	for name, c := range map[string]struct {
		from, to string
		applied  bool
	}{
		"plan changed":     {"1. Write it.", "1. Write it.\n2. And the auth layer.", false},
		"limit raised":     {"max_iterations: 3", "max_iterations: 9", false},
		"priority changed": {"priority: high", "priority: low", true},
	} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			seen := f.pr.Head()
			ev := f.comment(reviewer, "/approve-plan")
			f.pr.Push(agent, map[string]string{storyPath: strings.Replace(string(f.storyNow()), c.from, c.to, 1)}, "after the comment")
			out := f.handle(ev)
			if !c.applied {
				if out.Result != Refused || !strings.Contains(out.Reason, "changed after your comment") || len(f.commits()) != 0 {
					t.Fatalf("outcome %+v with %d commits, want refused", out, len(f.commits()))
				}
				if body := f.replies()[0].Body; !strings.Contains(body, "post the command again") || len(receiptsIn(body)) != 0 {
					t.Errorf("refusal reply:\n%s", body)
				}
				return
			}
			if out.Result != Applied || f.receiptOf().Head != seen {
				t.Fatalf("outcome %+v, receipt head %s, want applied at %s", out, f.receiptOf().Head, seen)
			}
		})
	}
}

// TestConflictWithChangedApprovedContentIsRefused: a push racing the
// decision's write changes the plan; the 409 re-read finds the approved
// content differs from what was first read, so nothing is recorded and the
// push is kept (the control is TestConcurrentPushIsKeptAndDecisionRecordedOnce).
func TestConflictWithChangedApprovedContentIsRefused(t *testing.T) {
	f := newFixture(t)
	f.fake.ConcurrentPushOnce(repoName, headBranch, storyPath, func(old []byte) []byte {
		return bytes.Replace(old, []byte("1. Write it."), []byte("1. Write something unreviewed."), 1)
	})
	out := f.handle(f.comment(reviewer, "/approve-plan"))
	if out.Result != Refused || !strings.Contains(out.Reason, "while your decision was being recorded") {
		t.Fatalf("outcome %+v, want refused", out)
	}
	now := story.Parse(storyPath, f.storyNow())
	if len(now.Decisions()) != 0 || !bytes.Contains(f.storyNow(), []byte("unreviewed")) || len(f.commits()) != 0 {
		t.Error("the decision was recorded on unseen content, or the push was lost")
	}
}

// TestEntryTheAgentWroteCitingARealCommentIsRefused: before storygate runs,
// the agent commits the Decision entry itself (under the bot's git name),
// citing the reviewer's real comment. GitHub's push record shows who pushed
// it, so storygate leaves no receipt for it.
func TestEntryTheAgentWroteCitingARealCommentIsRefused(t *testing.T) {
	f := newFixture(t)
	ev := f.comment(reviewer, "/approve-plan")
	out, err := transition.Decide(story.Parse(storyPath, f.storyNow()), transition.Decision{Event: "approve_plan", By: reviewer.Login,
		Source: chatopstest.SourceURL(ev.Comment.ID), Date: ev.Comment.CreatedAt, At: clock})
	if err != nil {
		t.Fatal(err)
	}
	f.pr.PushUnderName(agent, "github-actions[bot]", map[string]string{storyPath: string(out)}, "storygate: approve_plan STORY-001")
	got := f.handle(ev)
	if got.Result != Refused || !strings.Contains(got.Reason, "pushed by @coding-agent") {
		t.Fatalf("outcome %+v, want refused naming the agent's push", got)
	}
	for _, c := range f.replies() {
		if len(receiptsIn(c.Body)) != 0 {
			t.Errorf("storygate left a receipt for the agent's entry:\n%s", c.Body)
		}
	}
}

// TestBareCommandNeedsExactlyOneWaitingStory: with two stories waiting at
// gates a bare command is refused; naming the story applies it, and the
// receipt names that story.
func TestBareCommandNeedsExactlyOneWaitingStory(t *testing.T) {
	second := strings.NewReplacer("id: STORY-001", "id: STORY-002", "# STORY-001", "# STORY-002").Replace(string(readFixture(t, "STORY-001.plan_review.md")))
	for body, want := range map[string]string{"/approve-plan": "", "/approve-plan STORY-002": "STORY-002"} {
		t.Run(body, func(t *testing.T) {
			f := newFixture(t)
			f.pr.Push(agent, map[string]string{"stories/STORY-002.md": second}, "second story")
			f.paths = []string{storyPath, "stories/STORY-002.md"}
			out := f.handle(f.comment(reviewer, body))
			if want == "" {
				if out.Result != Refused || !strings.Contains(out.Reason, "2 stories wait at human gates") {
					t.Fatalf("outcome %+v, want refused", out)
				}
				return
			}
			if out.Result != Applied || out.Story != "stories/STORY-002.md" || f.receiptOf().Story != want {
				t.Fatalf("outcome %+v, want STORY-002 applied", out)
			}
		})
	}
}

// TestPolicyComesFromDepsPolicy: the handler judges by the policy Deps
// loads for the pull request (the base's), not by Config (the checkout's).
func TestPolicyComesFromDepsPolicy(t *testing.T) {
	f := newFixture(t)
	f.cfg.Approvers.Permission = "read"
	f.policy = config.Default()
	f.fake.SetPermission(repoName, "reader", "read")
	if out := f.handle(f.comment(githubtest.User{Login: "reader"}, "/approve-plan")); out.Result != Refused || !strings.Contains(out.Reason, "has read permission") {
		t.Fatalf("outcome %+v, want refused by the base policy", out)
	}
}
