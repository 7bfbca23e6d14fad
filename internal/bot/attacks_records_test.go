package bot

import (
	"testing"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/target"
)

// receiptFor is the receipt storygate would post for comment source
// approving STORY-002's plan as it stood at seen, recorded in commit.
func (h *harness) receiptFor(seen string, source int64, commit string) chatops.Receipt {
	h.t.Helper()
	tg, err := target.Open(target.Options{Root: h.repo.Root, Policy: config.Default()})
	if err != nil {
		h.t.Fatal(err)
	}
	hist, err := chatops.NewHistory(tg)
	if err != nil {
		h.t.Fatal(err)
	}
	s, err := chatops.StoryAt(hist, seen, lifecycleStory)
	if err != nil {
		h.t.Fatal(err)
	}
	cover := chatops.CoverFor(s, "approve_plan", "plan_review")
	content, err := chatops.ContentAt(hist, seen, lifecycleStory, cover)
	if err != nil {
		h.t.Fatal(err)
	}
	return chatops.Receipt{Story: "STORY-002", Path: lifecycleStory, Event: "approve_plan", At: "plan_review", Source: source,
		Head: seen, Digest: chatops.Digest(content), Covers: cover.String(), Commit: commit}
}

// TestActionForgedOrEditedRecordsAreUnverified: the agent writes the entry
// for a reviewer's real /approve-plan itself and forges the record behind
// it (a copy of the receipt from its own account or another app's, or one
// a workflow on its branch posts with GITHUB_TOKEN, as github-actions[bot]
// through GitHub Actions, naming the head it changed the plan in), or an
// honest record is voided by editing its source comment or its receipt,
// or its entry is edited to name another decider or another reason.
// The pull request gate finds each unverified; the control, the record
// storygate left, is verified.
func TestActionForgedOrEditedRecordsAreUnverified(t *testing.T) {
	t.Parallel()
	cases := map[string]func(h *harness, seen string, source int64) string{
		"receipt posted by the agent": func(h *harness, seen string, source int64) string {
			h.agentCommitsUnderTheBotsName(source)
			h.fake.AddComment(prRepo, prNumber, commandAgent, chatops.ReplyMarker+"\n"+h.receiptFor(seen, source, h.head).Marker())
			return "left no record"
		},
		"receipt posted by another app": func(h *harness, seen string, source int64) string {
			h.agentCommitsUnderTheBotsName(source)
			h.fake.AddAppComment(prRepo, prNumber, githubtest.User{Login: "helper[bot]", Type: "Bot"}, 77, h.receiptFor(seen, source, h.head).Marker())
			return "left no record"
		},
		"GITHUB_TOKEN receipt naming a later head": func(h *harness, _ string, source int64) string {
			h.agentPush("the agent changes the plan after the comment", map[string]string{lifecycleStory: h.editStory(planStep, "1. Something else.")})
			later := h.head
			h.agentCommitsUnderTheBotsName(source)
			forged := h.receiptFor(later, source, h.head)
			h.fake.AddAppComment(prRepo, prNumber, githubtest.Bot, githubtest.ActionsAppID, forged.Reply(commandReviewer.Login))
			return "as the head the commenter saw"
		},
		"source comment edited": func(h *harness, _ string, source int64) string {
			h.storygateRecords(source)
			h.fake.EditComment(source, "/approve-plan STORY-002 (edited)")
			return "was edited"
		},
		"receipt edited": func(h *harness, _ string, source int64) string {
			receipt := h.storygateRecords(source)
			h.fake.EditComment(receipt, "/approve-plan STORY-002 (edited)")
			return "left no record"
		},
		"entry names another decider": func(h *harness, _ string, source int64) string {
			h.storygateRecords(source)
			h.agentPush("the agent credits someone else", map[string]string{lifecycleStory: h.editStory("**By:** reviewer\n", "**By:** the-cto\n")})
			return "its **By:** names the-cto, but its Source comment was posted by @reviewer"
		},
		"entry's rationale rewritten": func(h *harness, _ string, source int64) string {
			h.storygateRecords(source)
			h.agentPush("the agent improves the reason", map[string]string{lifecycleStory: h.editStory("**Rationale:** none given\n", "**Rationale:** also approves the auth rewrite\n")})
			return "its **Rationale:** is not what its Source comment says"
		},
		"recorded by storygate": func(h *harness, _ string, source int64) string {
			h.storygateRecords(source)
			return ""
		},
	}
	for name, forge := range cases {
		t.Run(name, func(t *testing.T) {
			h := newPullRequest(t)
			seen := h.head
			id := h.fake.AddComment(prRepo, prNumber, commandReviewer, "/approve-plan STORY-002")
			want := forge(h, seen, id)
			code, findings := h.pullRequestGate()
			if want == "" {
				assertGreen(t, code, findings)
				return
			}
			onlyFinding(t, code, findings, lifecycleStory, "hitl/decision-unverified", want)
		})
	}
}

// storygateRecords runs the action on the reviewer's /approve-plan in
// comment source; h.head becomes the decision's commit. It returns the
// receipt's comment id.
func (h *harness) storygateRecords(source int64) int64 {
	h.t.Helper()
	if code := h.commented(source, "/approve-plan STORY-002", commandReviewer); code != passed {
		h.t.Fatalf("got %s\n%s", code, h.stderr.String())
	}
	commits, comments := h.fake.Commits(prRepo, "feature"), h.fake.Comments(prRepo, prNumber)
	if len(commits) != 1 {
		h.t.Fatalf("the decision was not recorded: %+v", comments)
	}
	h.head = commits[0].SHA
	return comments[len(comments)-1].ID
}

// receiptsIn is the receipt body is, as a list of none or one.
func receiptsIn(body string) []chatops.Receipt {
	if r, ok := chatops.ParseReceipt(body); ok {
		return []chatops.Receipt{r}
	}
	return nil
}
