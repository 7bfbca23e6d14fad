package bot

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/chatops/chatopstest"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/transition"
)

// The end-to-end attacks on the gate: a decision storygate recorded from a
// real slash command, then tampered with by the agent in a later push, or
// an entry the agent wrote itself; the gate runs on the pull_request (or
// dispatched) event, against the fake's records, and its honest control is
// the same run without the tampering.

// onlyFinding checks that the run found exactly one decision problem, on
// path, of rule, with a message containing want.
func onlyFinding(t *testing.T, code status, findings []string, path, rule, want string) {
	t.Helper()
	if code != failed || len(findings) != 1 || !strings.HasPrefix(findings[0], path+": "+rule+": ") || !strings.Contains(findings[0], want) {
		t.Errorf("got %s, findings %v; want one %s on %s with %q", code, findings, rule, path, want)
	}
}

// assertGreen checks that the run passed with no decision problem.
func assertGreen(t *testing.T, code status, findings []string) {
	t.Helper()
	if code != passed || len(findings) != 0 {
		t.Errorf("the honest control: got %s, findings %v", code, findings)
	}
}

// TestActionRecomputedDigestIsStale: after a genuine /approve-plan the
// agent edits what it approved and rewrites the entry's Digest to match
// (anyone can compute it); storygate's receipt still holds the approved
// digest, so the gate finds the decision stale. The control, an edit
// outside what was approved, stays verified.
func TestActionRecomputedDigestIsStale(t *testing.T) {
	t.Parallel()
	for name, c := range approvedContentEdits {
		t.Run(name, func(t *testing.T) {
			h := newPullRequest(t)
			h.recordDecision("/approve-plan STORY-002", "ready")
			edited := h.editStory(c.from, c.to)
			s := story.Parse(lifecycleStory, []byte(edited))
			sum, err := transition.ContentDigest(s, "Plan v1")
			old, ok := s.Decisions()[0].Field("Digest")
			if err != nil || !ok {
				t.Fatalf("no digest to rewrite: %v", err)
			}
			edited = strings.Replace(edited, old.Value, sum+" (contract + Plan v1)", 1)
			h.agentPush("the agent tweaks the story and its digest", map[string]string{lifecycleStory: edited})
			code, findings := h.pullRequestGate()
			if !c.approved {
				assertGreen(t, code, findings)
				return
			}
			onlyFinding(t, code, findings, lifecycleStory, "hitl/decision-stale", "changed after the decision")
		})
	}
}

// TestActionMovedDecisionIsUnverified: a bare /approve-plan, accepted
// because STORY-002 alone waited, is recorded for STORY-002; the agent
// moves the entry into STORY-004, a story the reviewer never saw. The
// receipt names STORY-002, so the gate finds the moved entry unverified;
// the control leaves it where storygate recorded it.
func TestActionMovedDecisionIsUnverified(t *testing.T) {
	t.Parallel()
	for name, moved := range map[string]bool{"moved to another story": true, "left where it was recorded": false} {
		t.Run(name, func(t *testing.T) {
			h := newPullRequest(t)
			waiting := h.storyOnBranch()
			h.recordDecision("/approve-plan", "ready")
			if !moved {
				code, findings := h.pullRequestGate()
				assertGreen(t, code, findings)
				return
			}
			decided := strings.NewReplacer("id: STORY-002", "id: STORY-004", "# STORY-002", "# STORY-004").Replace(h.storyOnBranch())
			h.agentPush("the agent moves the approval", map[string]string{lifecycleStory: waiting, "stories/STORY-004.md": decided})
			code, findings := h.pullRequestGate()
			onlyFinding(t, code, findings, "stories/STORY-004.md", "hitl/decision-unverified", "for STORY-002 in stories/STORY-002.md, not as this entry's approve_plan at plan_review for STORY-004 in stories/STORY-004.md")
		})
	}
}

// TestActionEntryTheAgentWroteUnderTheBotsName: the reviewer's real,
// authorized /approve-plan is on the pull request, but before storygate
// handles it the agent commits the exact entry storygate would write, as
// github-actions[bot] by git name. The gate finds no record by storygate's
// identity behind it; when the comment's event is handled, GitHub's push
// record shows the agent pushed the entry, so storygate refuses to leave
// one. The control: the same comment, recorded by storygate, is verified.
func TestActionEntryTheAgentWroteUnderTheBotsName(t *testing.T) {
	t.Parallel()
	for name, forged := range map[string]bool{"written by the agent": true, "recorded by storygate": false} {
		t.Run(name, func(t *testing.T) {
			h := newPullRequest(t)
			if !forged {
				h.recordDecision("/approve-plan STORY-002", "ready")
				code, findings := h.pullRequestGate()
				assertGreen(t, code, findings)
				return
			}
			body := "/approve-plan STORY-002"
			id := h.fake.AddComment(prRepo, prNumber, commandReviewer, body)
			h.agentCommitsUnderTheBotsName(id)
			code, findings := h.pullRequestGate()
			onlyFinding(t, code, findings, lifecycleStory, "hitl/decision-unverified", "left no record")
			if code := h.commented(id, body, commandReviewer); code != passed {
				t.Fatalf("got %s\n%s", code, h.stderr.String())
			}
			h.assertRefused("pushed by @coding-agent")
			code, findings = h.pullRequestGate()
			onlyFinding(t, code, findings, lifecycleStory, "hitl/decision-unverified", "left no record")
		})
	}
}

// agentCommitsUnderTheBotsName has the agent write the Decision entry
// storygate would write for comment id, commit it under the bot's git name
// and push it.
func (h *harness) agentCommitsUnderTheBotsName(id int64) {
	h.t.Helper()
	i := slices.IndexFunc(h.fake.Comments(prRepo, prNumber), func(c githubtest.Comment) bool { return c.ID == id })
	if i < 0 {
		h.t.Fatalf("no comment %d", id)
	}
	comment := h.fake.Comments(prRepo, prNumber)[i]
	out, err := transition.Decide(story.Parse(lifecycleStory, []byte(h.storyOnBranch())), transition.Decision{Event: "approve_plan",
		By: commandReviewer.Login, Source: sourceOf(id), Date: comment.CreatedAt, At: time.Now().UTC()})
	if err != nil {
		h.t.Fatal(err)
	}
	h.repo.Write(map[string]string{h.at(lifecycleStory): string(out)})
	h.head = chatopstest.CommitAs(h.t, h.repo.Root, "github-actions[bot]", "storygate: approve_plan STORY-002")
	h.fake.SetFile(prRepo, "feature", h.at(lifecycleStory), out)
	h.fake.Push(prRepo, "feature", h.head, commandAgent)
}

// TestActionCodePushedAfterAcceptanceIsStale: /accept-result approves the
// code in STORY-002's scope.write as evaluated, and the generator pushes
// more code. The gate finds the acceptance stale, and storygate refuses the
// reviewer's /mark-done on top of it (a done story's acceptance could not
// be renewed), saying what to do; /reopen, which takes the
// story back, is recorded. The control marks done what was accepted and is
// green. Both at the repository's top and in a package, where scope.write
// names the package's files.
func TestActionCodePushedAfterAcceptanceIsStale(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("drives the story through its lifecycle")
	}
	for name, pushed := range map[string]bool{"code pushed after acceptance": true, "nothing pushed": false} {
		for where, pkg := range packages {
			t.Run(name+" "+where, func(t *testing.T) {
				h := acceptedDemoStoryIn(t, pkg)
				if !pushed {
					code := h.dispatchedGate(h.recordDecision("/mark-done", "done"))
					assertGreen(t, code, h.decisionFindings())
					return
				}
				h.agentPush("generator: one more thing", map[string]string{lifecycleCode: "export const showErrors = () => { fetch('/unreviewed') };\n"})
				code, findings := h.pullRequestGate()
				onlyFinding(t, code, findings, h.at(lifecycleStory), "hitl/decision-stale", "contract + Evaluation 1 + scope.write changed after the decision")
				recorded := len(h.fake.Commits(prRepo, "feature"))
				if code := h.slashCommand(commandReviewer, "/mark-done"); code != passed || len(h.fake.Commits(prRepo, "feature")) != recorded {
					t.Fatalf("/mark-done over unaccepted code: got %s, %d commits, want refused\n%s", code, len(h.fake.Commits(prRepo, "feature")), h.stderr.String())
				}
				if reply := h.lastReply(); !strings.Contains(reply, "Decision 2 of STORY-002 (`accept_result` at `evaluation_review`) no longer holds") ||
					!strings.Contains(reply, "revert that change, or take STORY-002 back") {
					t.Errorf("the refusal does not say which decision is stale and what to do:\n%s", reply)
				}
				h.recordDecision("/reopen the new code needs an evaluation", "generating")
			})
		}
	}
}
