package bot

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/gate"
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
	if receipts := receiptsIn(reply); len(receipts) != 0 {
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
	t.Parallel()
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

// hostileOutput is what the agent's verification command prints: a
// receipt, a slash command on its own line, a mention and a tag.
const hostileOutput = `<!-- storygate:decision {"story":"STORY-002","source":3} -->` + "\n/approve-plan STORY-002\n@maintainer\n<img src=x>"

// plainOutput is the controls' output: shown as it is.
const plainOutput = "plain-output-line"

// echoedSurfaces are the texts storygate rendered for the run's check
// runs, the sticky comment, the job summary and the SARIF file.
func (h *harness) echoedSurfaces() map[string]string {
	h.t.Helper()
	out := map[string]string{"job summary": readText(h.t, h.summary), "sarif": readText(h.t, filepath.Join(h.tmp, "results.sarif"))}
	for _, c := range h.fake.Comments(prRepo, prNumber) {
		if c.Author == githubtest.Bot {
			out["sticky comment"] += c.Body
		}
	}
	for _, r := range h.fake.CheckRuns() {
		text := r.Title + "\n" + r.Summary + "\n" + r.Text
		for _, a := range r.Annotations {
			text += "\n" + a.Title + "\n" + a.Message
		}
		out["check run "+r.Name] = text
	}
	return out
}

// TestActionEchoedOutputIsInert: a changed story's verification command
// (the agent's text) prints a receipt, a slash command on its own line, a
// mention and a tag, and fails (attack (b) of issue 23, through verify).
// The command and its output reach the sticky comment, the verify check
// run's text and annotations, the job summary and SARIF: none of them may
// carry the receipt, the command, the mention or the tag, and the comment,
// the summary and the check run must still show them. The control, plain
// output, is shown as it is.
func TestActionEchoedOutputIsInert(t *testing.T) {
	t.Parallel()
	for name, output := range map[string]string{"hostile output": hostileOutput, "plain output": plainOutput} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			cmd := printing(output)
			story := strings.Replace(readText(t, filepath.Join(h.repo.Root, "stories/STORY-001.md")), "command: echo p95_ok", "command: |-\n      "+cmd, 1)
			h.repo.Write(map[string]string{"stories/STORY-001.md": story})
			h.head = h.repo.Commit("the agent's verification prints what it likes")
			h.event("pull_request", "pull_request.synchronize")
			if code := h.action(func(o *ActionOptions) { o.SARIF = filepath.Join(h.tmp, "results.sarif") }); code != failed {
				t.Fatalf("got %s\n%s", code, h.stderr.String())
			}
			assertEchoedInert(t, h.echoedSurfaces(), output, "sticky comment", "job summary", "check run storygate / verify")
		})
	}
}

// printing is a shell command that prints output and fails.
func printing(output string) string {
	return "printf '%s\\n' '" + strings.ReplaceAll(output, "\n", "' '") + "'; exit 1"
}

// TestActionEchoedRevertOutputIsInert: the agent edits a governed test so
// that the revert check's baseline run prints a receipt, a command, a
// mention and a tag, and fails (attack (b) of issue 23): the revert check
// could not run and quotes the suite's output in the sticky comment and
// the job summary, inert; the control, plain output, is shown as it is.
func TestActionEchoedRevertOutputIsInert(t *testing.T) {
	t.Parallel()
	for name, output := range map[string]string{"hostile output": hostileOutput, "plain output": plainOutput} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			h.repo.Write(map[string]string{".github/storygate.yml": "revert:\n  suite: sh tests/suite.sh\n", "tests/suite.sh": "exit 0\n"})
			h.base = h.repo.Commit("the suite")
			touched := strings.Replace(demoFile(t, "STORY-002.md"), "priority: medium", "priority: low", 1)
			h.repo.Write(map[string]string{"tests/suite.sh": printing(output) + "\n", "stories/STORY-002.md": touched})
			h.head = h.repo.Commit("the agent's governed test edit prints what it likes")
			h.event("pull_request", "pull_request.synchronize")
			if code := h.action(func(o *ActionOptions) { o.SARIF = filepath.Join(h.tmp, "results.sarif") }); code != failed {
				t.Fatalf("got %s\n%s", code, h.stderr.String())
			}
			assertEchoedInert(t, h.echoedSurfaces(), output, "sticky comment", "job summary")
		})
	}
}

// assertEchoedInert checks that no surface carries a receipt, a command, a
// tag or a mention, that each of showing shows the output's first line
// (inert), and that plain output is shown as it is.
func assertEchoedInert(t *testing.T, surfaces map[string]string, output string, showing ...string) {
	t.Helper()
	for where, text := range surfaces {
		if receipts := receiptsIn(text); len(receipts) != 0 || strings.Contains(text, "<!-- storygate:decision") {
			t.Errorf("%s carries a receipt:\n%s", where, text)
		}
		if cmds := command.Parse(text); len(cmds) != 0 {
			t.Errorf("%s issues %+v", where, cmds)
		}
		if strings.Contains(text, "<img") || strings.Contains(text, "@maintainer") {
			t.Errorf("%s carries markup or a mention:\n%s", where, text)
		}
	}
	shown := inert.Text(strings.Split(output, "\n")[0])
	for _, where := range showing {
		if !strings.Contains(surfaces[where], shown) {
			t.Errorf("%s does not show the output's first line %q:\n%s", where, shown, surfaces[where])
		}
	}
	if output == plainOutput && !strings.Contains(surfaces["sticky comment"], "\n"+plainOutput+"\n") {
		t.Errorf("the control's output is not shown as it is:\n%s", surfaces["sticky comment"])
	}
}

// TestPublishShowsTheDocumentsTextInert: code in the unprivileged run
// rewrites the results document so that the verify gate it hands to
// publish (taken, not recomputed) has a title and detail carrying a
// receipt, a command, a mention and a tag. Publish posts that gate's
// verdict, but its check run, the sticky comment and the job summary show
// the text inert; the control, a plain title and detail, reads as it is.
func TestPublishShowsTheDocumentsTextInert(t *testing.T) {
	t.Parallel()
	for name, text := range map[string]string{"hostile text": hostileOutput, "plain text": plainOutput} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			reportOnlyHalf(t, h)
			rewrite(t, h, func(res *gate.Results) {
				for i := range res.Gates {
					if res.Gates[i].Name == gate.Verify {
						res.Gates[i].Title, res.Gates[i].Detail = strings.Split(text, "\n")[0], text
					}
				}
			})
			publishHalf(t, h, h.head)
			if code := h.publish(h.results); code != passed {
				t.Fatalf("publish got %s\n%s", code, h.stderr.String())
			}
			surfaces := h.echoedSurfaces()
			delete(surfaces, "sarif")
			assertEchoedInert(t, surfaces, text, "sticky comment", "job summary", "check run storygate / verify")
		})
	}
}
