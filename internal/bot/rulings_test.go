package bot

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/target"
)

// The human ruling on the revert check, end to end (issue 27): a change
// adds a case to governed tests, which still pass with the case reverted
// (escalate); a reviewer types /allow-test-edit on the pull request; the
// commands job records the ruling and starts the gate on the head; the
// gate reports the path ruled, naming who. A later push to the ruled file
// makes the ruling stale, and the check escalates again.

const (
	testA = "tests/test_a.sh"
	testB = "tests/test_b.sh"
	// coverageSuite runs every test script.
	coverageSuite = "for t in tests/test_*.sh; do sh $t || exit 1; done"
)

// rulingPR opens pull request #2 whose change adds a passing case to each
// of tests (escalate: not load-bearing), judged by suite at file
// granularity, touching STORY-002 so the comment shows the verdict.
func rulingPR(t *testing.T, suite string, tests ...string) *harness {
	h := newHarness(t)
	base := map[string]string{".github/storygate.yml": "revert:\n  suite: '" + suite + "'\n  granularity: file\n",
		"src/greet.sh": "greet() { echo \"hello $1\"; }\n"}
	head := map[string]string{"stories/STORY-002.md": demoFile(t, "STORY-002.md") + "\n<!-- iteration 1 -->\n"}
	for _, p := range tests {
		base[p] = ". ./src/greet.sh\n[ -n \"$(greet x)\" ] || exit 1\n"
		head[p] = base[p] + "[ -n \"$(greet y)\" ] || exit 1\n"
	}
	h.repo.Write(base)
	h.base = h.repo.Commit("suite")
	h.repo.Write(head)
	h.head = h.repo.Commit("add cases")
	h.openPullRequest()
	return h
}

// revertGate runs the revert check alone on the pull_request event for
// h.head and returns its gate.
func (h *harness) revertGate() gate.Gate {
	h.t.Helper()
	h.event("pull_request", "pull_request.synchronize")
	if code := h.action(func(o *ActionOptions) { o.Gates = "revert-check" }); code == usageFailure || code == internalError {
		h.t.Fatalf("revert gate: got %s\n%s", code, h.stderr.String())
	}
	g, _ := h.document().Gate(gate.RevertCheck)
	return g
}

// rulesOf lists a gate's findings as rule@file.
func rulesOf(g gate.Gate) string {
	var out []string
	for _, d := range g.Diagnostics {
		out = append(out, d.Rule+"@"+d.File)
	}
	return strings.Join(out, " ")
}

// rule posts body as author and runs the commands job on it, returning
// the reply storygate left.
func (h *harness) rule(author githubtest.User, body string) string {
	h.t.Helper()
	if code := h.slashCommand(author, body); code != passed {
		h.t.Fatalf("%s: got %s\n%s", body, code, h.stderr.String())
	}
	return h.lastReply()
}

func TestRevertRulingEscalateThenRuledThenStale(t *testing.T) {
	h := rulingPR(t, coverageSuite, testA)
	if g := h.revertGate(); g.Conclusion != gate.Failure || rulesOf(g) != "revert/not-load-bearing@"+testA {
		t.Fatalf("before the ruling: %s %q", g.Conclusion, rulesOf(g))
	}
	before := len(h.fake.Dispatches())
	reply := h.rule(commandReviewer, "/allow-test-edit "+testA+" -- the new case covers the rename")
	r, ok := chatops.ParseRuling(reply)
	if !ok || strings.Join(r.Paths, ",") != testA || r.Head != h.head {
		t.Fatalf("no ruling recorded: %+v %v\n%s", r, ok, reply)
	}
	if d := h.fake.Dispatches(); len(d) != before+1 || d[before].Inputs[dispatchHead] != h.head {
		t.Errorf("the gate was not started on the head: %+v", d[before:])
	}
	if len(h.fake.Commits(prRepo, "feature")) != 0 {
		t.Error("a ruling committed to the branch")
	}
	g := h.revertGate()
	if g.Conclusion != gate.Success || rulesOf(g) != "revert/ruled@"+testA || !strings.Contains(g.Diagnostics[0].Message, "@reviewer permitted") {
		t.Fatalf("after the ruling: %s %q %+v", g.Conclusion, rulesOf(g), g.Diagnostics)
	}
	if !strings.Contains(g.Title, "by @reviewer") {
		t.Errorf("title %q does not name who ruled", g.Title)
	}
	rv := storyRevert(t, h.document())
	if rv.Verdict != "ruled" || len(rv.Ruled) != 1 || rv.Ruled[0].By != "@reviewer" || rv.Ruled[0].Path != testA {
		t.Errorf("story revert %+v", rv)
	}
	if body := h.stickyBody(); !strings.Contains(body, "Ruled: `"+testA+"` permitted by") {
		t.Errorf("the comment does not show the ruling:\n%s", body)
	}

	// A later push that changes the ruled file makes the ruling stale.
	h.agentPush("another case", map[string]string{testA: ". ./src/greet.sh\n[ -n \"$(greet x)\" ] || exit 1\n[ -n \"$(greet z)\" ] || exit 1\n"})
	g = h.revertGate()
	if g.Conclusion != gate.Failure || rulesOf(g) != "revert/not-load-bearing@"+testA || !strings.Contains(g.Diagnostics[0].Message, "is stale") {
		t.Fatalf("after a push to the ruled file: %s %q %+v", g.Conclusion, rulesOf(g), g.Diagnostics)
	}
}

// TestRevertRulingHoldsAcrossOtherPushes: the control of staleness: a push
// that leaves the ruled file alone keeps the ruling.
func TestRevertRulingHoldsAcrossOtherPushes(t *testing.T) {
	h := rulingPR(t, coverageSuite, testA)
	h.rule(commandReviewer, "/allow-test-edit "+testA+" -- fine")
	h.agentPush("unrelated", map[string]string{"src/other.sh": "x=1\n"})
	if g := h.revertGate(); g.Conclusion != gate.Success || rulesOf(g) != "revert/ruled@"+testA {
		t.Fatalf("after an unrelated push: %s %q", g.Conclusion, rulesOf(g))
	}
}

// TestRevertRulingAttacks: each way of getting a ruling past storygate
// without an authorized human ruling on exactly these edits leaves the
// escalation standing; the control, the honest ruling, rules.
func TestRevertRulingAttacks(t *testing.T) {
	t.Parallel()
	passerby := githubtest.User{Login: "passerby"}
	agentBot := githubtest.User{Login: "agent[bot]", Type: "Bot"}
	cases := []struct {
		name string
		// act does the attack; refused is the reply's reason, if any.
		act     func(h *harness) string
		refused string
		want    string
	}{
		{"unauthorized user", func(h *harness) string {
			return h.rule(passerby, "/allow-test-edit "+testA+" "+testB+" -- trust me")
		}, "and deciding needs", "revert/not-load-bearing@" + testA + " revert/not-load-bearing@" + testB},
		{"the pull request's author", func(h *harness) string {
			return h.rule(commandAgent, "/allow-test-edit "+testA+" "+testB+" -- mine")
		}, "opened this pull request", "revert/not-load-bearing@" + testA + " revert/not-load-bearing@" + testB},
		{"a bot's command", func(h *harness) string {
			return h.rule(agentBot, "/allow-test-edit "+testA+" "+testB+" -- automated")
		}, "bot account", "revert/not-load-bearing@" + testA + " revert/not-load-bearing@" + testB},
		{"a record forged by a bot", func(h *harness) string {
			h.fake.AddAppComment(prRepo, prNumber, agentBot, 77, h.rulingFor(h.fake.AddComment(prRepo, prNumber, commandReviewer, "LGTM"), testA, testB).Reply(commandReviewer.Login))
			return ""
		}, "", "revert/not-load-bearing@" + testA + " revert/not-load-bearing@" + testB},
		{"a GITHUB_TOKEN record for a bot's command", func(h *harness) string {
			source := h.fake.AddComment(prRepo, prNumber, agentBot, "/allow-test-edit "+testA+" "+testB+" -- automated")
			h.fake.AddAppComment(prRepo, prNumber, githubtest.Bot, githubtest.ActionsAppID, h.rulingFor(source, testA, testB).Reply(agentBot.Login))
			return ""
		}, "", "revert/not-load-bearing@" + testA + " revert/not-load-bearing@" + testB},
		{"a ruling for A reused for B", func(h *harness) string {
			reply := h.rule(commandReviewer, "/allow-test-edit "+testA+" -- only this one")
			r, _ := chatops.ParseRuling(reply)
			// A record widened to B on the GITHUB_TOKEN, citing A's comment.
			h.fake.AddAppComment(prRepo, prNumber, githubtest.Bot, githubtest.ActionsAppID, h.rulingFor(r.Source, testA, testB).Reply(commandReviewer.Login))
			return ""
		}, "", "revert/ruled@" + testA + " revert/not-load-bearing@" + testB},
		{"the honest ruling", func(h *harness) string {
			return h.rule(commandReviewer, "/allow-test-edit "+testB+" "+testA+" -- both cover the rename")
		}, "", "revert/ruled@" + testA + " revert/ruled@" + testB},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := rulingPR(t, coverageSuite, testA, testB)
			reply := c.act(h)
			if c.refused != "" && (!strings.Contains(reply, "was not applied") || !strings.Contains(reply, c.refused)) {
				t.Errorf("not refused for %q:\n%s", c.refused, reply)
			}
			if g := h.revertGate(); rulesOf(g) != c.want {
				t.Errorf("revert gate %s %q, want %q", g.Conclusion, rulesOf(g), c.want)
			}
		})
	}
}

// TestRevertRulingEchoedInTheSuiteOutput: a suite that cannot decide
// (its baseline fails) prints a ruling record and the command; the
// output is shown in the comment storygate's identity posts, and the next
// run still counts no ruling. The control: an honest ruling on the
// could_not_run verdict rules.
func TestRevertRulingEchoedInTheSuiteOutput(t *testing.T) {
	t.Parallel()
	for _, honest := range []bool{false, true} {
		t.Run(map[bool]string{false: "echoed", true: "honest"}[honest], func(t *testing.T) { echoedRuling(t, honest) })
	}
}

func echoedRuling(t *testing.T, honest bool) {
	{
		h := newHarness(t)
		forged := chatops.Ruling{Paths: []string{testA}, Source: 1, Base: strings.Repeat("a", 40), Head: strings.Repeat("b", 40), Digest: "sha256:" + strings.Repeat("0", 64)}
		suite := "printf \"%s\" \"$FORGED\"; echo; echo /allow-test-edit " + testA + " -- ok; exit 1"
		h.repo.Write(map[string]string{".github/storygate.yml": "revert:\n  suite: 'FORGED=\"$(cat forged.txt)\"; " + suite + "'\n", testA: "x\n",
			"forged.txt": forged.Reply(commandReviewer.Login)})
		h.base = h.repo.Commit("suite")
		h.repo.Write(map[string]string{testA: "y\n", "stories/STORY-002.md": demoFile(t, "STORY-002.md") + "\n<!-- 1 -->\n"})
		h.head = h.repo.Commit("edit")
		h.openPullRequest()
		g := h.revertGate()
		if rulesOf(g) != "revert/could-not-run@"+testA || !strings.Contains(h.stickyBody(), testA+" -- ok") {
			t.Fatalf("could_not_run with the echo shown: %q\n%s", rulesOf(g), h.stickyBody())
		}
		want := "revert/could-not-run@" + testA
		if honest {
			h.rule(commandReviewer, "/allow-test-edit "+testA+" -- the suite needs a tool we lack")
			want = "revert/ruled@" + testA
		}
		if g := h.revertGate(); rulesOf(g) != want {
			t.Errorf("honest=%v: %s %q, want %q", honest, g.Conclusion, rulesOf(g), want)
		}
	}
}

// rulingFor is the record storygate would post for comment source ruling
// on paths as the pull request stands (a forger's best copy).
func (h *harness) rulingFor(source int64, paths ...string) chatops.Ruling {
	h.t.Helper()
	tg, err := target.Open(target.Options{Root: h.repo.Root, Base: h.base, Head: h.head, Policy: config.Default()})
	if err != nil {
		h.t.Fatal(err)
	}
	digest, err := chatops.EditsDigest(tg, tg.MergeBaseSHA(), h.head, paths)
	if err != nil {
		h.t.Fatal(err)
	}
	return chatops.Ruling{Paths: paths, Source: source, Base: tg.MergeBaseSHA(), Head: h.head, Digest: digest}
}

func storyRevert(t *testing.T, res *gate.Results) *gate.Revert {
	t.Helper()
	for _, s := range res.Stories {
		if s.Revert != nil {
			return s.Revert
		}
	}
	t.Fatalf("no story carries the revert verdict: %+v", res.Stories)
	return nil
}

// TestPublishRechecksTheRulingsTheDocumentCounts: the unprivileged run's
// document is rewritten to count a ruling nobody made (the escalation
// turned into a revert/ruled notice, the gate green); publish re-checks
// the rulings itself and fails the revert check closed. The control: the
// gate counted a real ruling, and publish posts it green.
func TestPublishRechecksTheRulingsTheDocumentCounts(t *testing.T) {
	t.Parallel()
	for _, forged := range []bool{true, false} {
		t.Run(map[bool]string{true: "forged", false: "ruled"}[forged], func(t *testing.T) {
			h := rulingPR(t, coverageSuite, testA)
			if !forged {
				h.rule(commandReviewer, "/allow-test-edit "+testA+" -- the case is right")
			}
			h.env["GITHUB_RUN_ID"] = uploadingRun
			h.event("pull_request", "pull_request.opened", forkPullRequest)
			h.action(func(o *ActionOptions) { o.Gates = "revert-check" })
			if forged {
				editGate(t, h, gate.RevertCheck, func(g *gate.Gate) {
					d := g.Diagnostics[0]
					d.Rule, d.Severity, d.Message = "revert/ruled", diag.SeverityNotice, "@reviewer permitted this edit by a ruling (comment 1)"
					g.Diagnostics, g.Conclusion = []diag.Diagnostic{d}, gate.Success
				})
				rewrite(t, h, func(res *gate.Results) {
					for i := range res.Stories {
						if rv := res.Stories[i].Revert; rv != nil {
							rv.Verdict, rv.Ruled = "ruled", []gate.RevertRuled{{Path: testA, By: "@reviewer", Source: "comment 1"}}
						}
					}
				})
			}
			if g, _ := h.document().Gate(gate.RevertCheck); g.Conclusion != gate.Success || rulesOf(g) != "revert/ruled@"+testA {
				t.Fatalf("the document's revert gate: %s %q", g.Conclusion, rulesOf(g))
			}
			publishHalf(t, h, h.head)
			if code := h.publish(h.results); code == usageFailure || code == internalError {
				t.Fatalf("publish got %s\n%s", code, h.stderr.String())
			}
			conclusion, title := publishedRun(t, h, gate.RevertCheck)
			if forged != (conclusion == "failure") || forged != strings.Contains(title, "failing closed") {
				t.Errorf("published revert check %s %q", conclusion, title)
			}
		})
	}
}
