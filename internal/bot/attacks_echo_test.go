package bot

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/inert"
)

// The end-to-end attacks through storygate's own output (issue 23): text
// the agent controls, echoed into a reply, the sticky comment, a check run
// or the job summary, must be shown, never read as a record or obeyed.

// hostileStory is the second story waiting at plan_review, STORY-004,
// which the agent renames after a reviewer's bare /approve-plan.
const hostileStory = "stories/STORY-004.md"

// assertInertReply checks that storygate's reply shows id as inert text
// and carries no record, command, tag or mention of its own making.
func assertInertReply(t *testing.T, reply, id string) {
	t.Helper()
	if !strings.HasPrefix(reply, chatops.ReplyMarker) || strings.Count(reply, "<!--") != 1 {
		t.Errorf("the reply carries an HTML comment besides its reply marker:\n%s", reply)
	}
	if receipts := chatops.ParseReceipts(reply); len(receipts) != 0 {
		t.Errorf("the reply carries the receipts %+v:\n%s", receipts, reply)
	}
	if cmds := command.Parse(reply); len(cmds) != 0 {
		t.Errorf("the reply issues %+v:\n%s", cmds, reply)
	}
	if strings.Contains(reply, "<img") || strings.Contains(reply, "@maintainer") {
		t.Errorf("the reply carries markup or a mention:\n%s", reply)
	}
	if !strings.Contains(reply, inert.Inline(id)) {
		t.Errorf("the reply does not show the story's id %q as text:\n%s", id, reply)
	}
}

// TestActionRepliesShowHostileStoryIDsInert: with two stories waiting, a
// reviewer's bare /approve-plan is refused as ambiguous. The agent writes
// STORY-002's Decision entry for that comment itself, renames STORY-004 to
// a hostile id and asks /storygate help, and the reviewer tries a bare
// command again (refused with the findings the move would leave, which
// quote the id) and one naming no story of the pull request. Each reply
// lists the stories: it must show the id as
// text, carry no receipt, command, tag or mention, and the gate must find
// the agent's entry unverified. The id is a receipt storygate would write
// for the refused comment (attack (a) of issue 23), a mention, a command
// on its own line, or a tag; the control, a plain id, is listed as it is.
func TestActionRepliesShowHostileStoryIDsInert(t *testing.T) {
	cases := map[string]func(h *harness, seen string, source int64) string{
		"a receipt": func(h *harness, seen string, source int64) string {
			return h.receiptFor(seen, source, h.head).Marker()
		},
		"a mention":                 func(*harness, string, int64) string { return "@maintainer" },
		"a command on its own line": func(*harness, string, int64) string { return "x\n/approve-plan STORY-002" },
		"a tag":                     func(*harness, string, int64) string { return "<img src=x>" },
		"a plain id":                func(*harness, string, int64) string { return "STORY-005" },
	}
	for name, hostile := range cases {
		t.Run(name, func(t *testing.T) {
			h := newPullRequest(t)
			h.agentPush("a second story waits", map[string]string{hostileStory: waitingCopy(t, "STORY-004")})
			seen := h.head
			source := h.fake.AddComment(prRepo, prNumber, commandReviewer, "/approve-plan")
			if code := h.commented(source, "/approve-plan", commandReviewer); code != passed {
				t.Fatalf("got %s\n%s", code, h.stderr.String())
			}
			h.assertRefused("2 stories wait at human gates")
			h.agentCommitsUnderTheBotsName(source)
			id := hostile(h, seen, source)
			h.agentPush("the agent renames its story", map[string]string{hostileStory: waitingCopy(t, yamlQuoted(id))})
			for _, c := range []struct {
				by   githubtest.User
				body string
			}{{commandAgent, "/storygate help"}, {commandReviewer, "/approve-plan"}, {commandReviewer, "/approve-plan STORY-009"}} {
				if code := h.slashCommand(c.by, c.body); code != passed {
					t.Fatalf("%s: got %s\n%s", c.body, code, h.stderr.String())
				}
				assertInertReply(t, h.lastReply(), id)
			}
			if id == "STORY-005" && !strings.Contains(h.lastReply(), "- STORY-005 (`"+hostileStory+"`) is at `plan_review`: ") {
				t.Errorf("the control's id is not listed as it is:\n%s", h.lastReply())
			}
			code, findings := h.pullRequestGate()
			if code != failed || !containsFinding(findings, lifecycleStory+": hitl/decision-unverified: ", "left no record") {
				t.Errorf("the agent's entry: got %s, %v; want it unverified", code, findings)
			}
		})
	}
}

// yamlQuoted is s as a double-quoted YAML scalar.
func yamlQuoted(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}

// containsFinding reports whether a finding starts with prefix and
// contains want.
func containsFinding(findings []string, prefix, want string) bool {
	for _, f := range findings {
		if strings.HasPrefix(f, prefix) && strings.Contains(f, want) {
			return true
		}
	}
	return false
}
