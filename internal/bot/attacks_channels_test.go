package bot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// The records storygate trusts live only in channels storygate alone
// writes: a receipt is a whole comment of storygate's own, exactly its
// template; the sticky comment is storygate's own, its marker on the
// first line. Each attack below gets storygate's own account to carry a
// record's marker somewhere else, or another account to post the look-
// alike, and its honest control is storygate's real record.

// receiptMarkerID is a story id that is a receipt's marker: what the
// agent puts in the frontmatter of a story storygate's replies list.
func receiptMarkerID(r chatops.Receipt) string { return r.Marker() }

// TestActionReceiptsEchoedByStorygateAreNoRecords: the reviewer's bare
// /approve-plan is refused as ambiguous (two stories wait), and the agent
// writes STORY-002's approve_plan entry citing it, backed by a receipt
// for exactly that comment, head and digest that storygate's own account
// posted, though not as a receipt: (a) a reply that lists a story whose
// id is the receipt's marker (the agent's /storygate help, or such a
// reply as storygate posts it), (b) a sticky comment quoting suite output
// that prints the receipt, template and all. The gate finds the entry
// unverified; the control, the reviewer's named command recorded by
// storygate, is green.
func TestActionReceiptsEchoedByStorygateAreNoRecords(t *testing.T) {
	t.Parallel()
	cases := map[string]func(h *harness, forged chatops.Receipt){
		"(a) /storygate help listing a story id that is a receipt": func(h *harness, forged chatops.Receipt) {
			h.agentPush("the agent renames its story", map[string]string{"stories/STORY-004.md": strings.Replace(waitingCopy(h.t, "STORY-004"),
				"id: STORY-004", "id: '"+receiptMarkerID(forged)+"'", 1)})
			if code := h.slashCommand(commandAgent, "/storygate help"); code != passed {
				h.t.Fatalf("help: got %s\n%s", code, h.stderr.String())
			}
		},
		"(a) storygate's reply carrying a receipt in a story id": func(h *harness, forged chatops.Receipt) {
			h.fake.AddAppComment(prRepo, prNumber, githubtest.Bot, githubtest.ActionsAppID, chatops.ReplyMarker+"\n**What can be decided now:**\n- "+
				forged.Marker()+" (`stories/STORY-004.md`) is at `plan_review`: `/approve-plan`\n")
		},
		"(b) storygate's sticky comment quoting output that prints a receipt": func(h *harness, forged chatops.Receipt) {
			h.fake.AddAppComment(prRepo, prNumber, githubtest.Bot, githubtest.ActionsAppID, gate.StickyMarker("")+
				"\n## ❌ storygate\n\n```\n"+forged.Reply(commandReviewer.Login)+"```\n")
		},
	}
	for name, forge := range cases {
		t.Run(name, func(t *testing.T) {
			h := twoWaitingStories(t)
			seen := h.head
			id := h.fake.AddComment(prRepo, prNumber, commandReviewer, "/approve-plan")
			if code := h.commented(id, "/approve-plan", commandReviewer); code != passed {
				t.Fatalf("got %s\n%s", code, h.stderr.String())
			}
			h.assertRefused("2 stories wait at human gates")
			forge(h, h.receiptFor(seen, id, ""))
			h.agentCommitsUnderTheBotsName(id)
			code, findings := h.pullRequestGate()
			onlyFinding(t, code, findings, lifecycleStory, "hitl/decision-unverified", "left no record")
		})
	}
	t.Run("control: the named command recorded by storygate", func(t *testing.T) {
		h := twoWaitingStories(t)
		h.recordDecision("/approve-plan STORY-002", "ready")
		code, findings := h.pullRequestGate()
		if len(findings) != 0 || code == usageFailure || code == internalError {
			t.Errorf("storygate's own record: got %s, findings %v", code, findings)
		}
		if _, n := stickyOf(h, gate.StickyMarker("")); n != 1 {
			t.Errorf("%d sticky comments, want 1", n)
		}
	})
}

// twoWaitingStories is the pull request with STORY-002 and the agent's
// STORY-004 both waiting at plan_review.
func twoWaitingStories(t *testing.T) *harness {
	h := newHarness(t)
	h.repo.Remove("stories/STORY-003.md")
	h.repo.Write(map[string]string{"stories/STORY-004.md": waitingCopy(t, "STORY-004")})
	h.head = h.repo.Commit("two stories wait for their plan review")
	h.openPullRequest()
	return h
}

// meaningOf is the meaning line of the report the harness's gate run
// writes, computed as anyone can: a report-only run of the same commit.
func meaningOf(h *harness) string {
	h.t.Helper()
	md := filepath.Join(h.tmp, "comment.md")
	h.action(func(o *ActionOptions) { o.ReportOnly, o.Markdown = "true", md })
	data, err := os.ReadFile(md)
	if err != nil || github.Meaning(string(data)) == "" {
		h.t.Fatalf("no meaning in the report: %v\n%s", err, data)
	}
	return github.MeaningMarker + github.Meaning(string(data)) + " -->"
}

// TestActionLookAlikeStickyCommentIsNotAdopted: the agent's own GitHub
// App posts storygate's marker with "all gates pass" and the failing
// report's meaning digest. storygate posts its own failing report beside
// it and leaves the look-alike alone; the control, storygate's own
// comment from an earlier run, is found and replaced (a new head's report
// is a new comment, issue 24), not doubled.
func TestActionLookAlikeStickyCommentIsNotAdopted(t *testing.T) {
	h := newHarness(t)
	h.event("pull_request", "pull_request.opened")
	lookAlike := gate.StickyMarker("") + "\n## ✅ storygate: all gates pass\n\n" + meaningOf(h) + "\n"
	fake := h.fake.AddAppComment(prRepo, prNumber, githubtest.User{Login: "agent-app[bot]", Type: "Bot"}, 77, lookAlike)
	if code := h.action(); code != failed {
		t.Fatalf("got %s, want the failing gate\n%s", code, h.stderr.String())
	}
	own := func() []githubtest.Comment {
		var out []githubtest.Comment
		for _, c := range h.fake.Comments(prRepo, prNumber) {
			if c.Author == githubtest.Bot && strings.HasPrefix(c.Body, gate.StickyMarker("")+"\n") {
				out = append(out, c)
			}
		}
		return out
	}
	comments := h.fake.Comments(prRepo, prNumber)
	if len(comments) != 2 || comments[0].ID != fake || comments[0].Body != lookAlike || len(own()) != 1 || !strings.Contains(own()[0].Body, "STORY-003") {
		t.Fatalf("want the look-alike untouched and storygate's own failing report beside it: %+v", comments)
	}
	first := own()[0]
	h.repo.Remove("stories/STORY-003.md")
	h.head = h.repo.Commit("drop the broken story")
	h.event("pull_request", "pull_request.synchronize")
	h.action()
	if got := own(); len(got) != 1 || got[0].ID <= first.ID || got[0].Body == first.Body || len(h.fake.Comments(prRepo, prNumber)) != 2 {
		t.Errorf("control: storygate's own comment must be replaced by the new head's: %+v", h.fake.Comments(prRepo, prNumber))
	}
}

// TestActionAnotherRootsReportPrintingTheMarkerIsNotADuplicate: pkg-b's
// report (storygate's own comment) prints pkg-a's marker in its failing
// output, posted before or after pkg-a's own. pkg-a's runs neither adopt
// it nor delete it as a duplicate; the control, pkg-a's own comment, is
// found and replaced by the new head's (issue 24), never doubled.
func TestActionAnotherRootsReportPrintingTheMarkerIsNotADuplicate(t *testing.T) {
	t.Parallel()
	pkgA, pkgB := gate.StickyMarker("pkg-a"), gate.StickyMarker("pkg-b")
	report := pkgB + "\n## ❌ storygate (pkg-b)\n\n```\n" + pkgA + "\n```\n"
	for name, before := range map[string]bool{"posted before pkg-a's": true, "posted after pkg-a's": false} {
		t.Run(name, func(t *testing.T) {
			h := monorepoHarness(t, "pkg-a/")
			h.event("pull_request", "pull_request.opened")
			var pkgBReport int64
			if before {
				pkgBReport = h.fake.AddAppComment(prRepo, prNumber, githubtest.Bot, githubtest.ActionsAppID, report)
			}
			h.action(inRoot(h, "pkg-a"))
			if !before {
				pkgBReport = h.fake.AddAppComment(prRepo, prNumber, githubtest.Bot, githubtest.ActionsAppID, report)
			}
			first, _ := stickyOf(h, pkgA)
			h.repo.Remove("pkg-a/stories/STORY-003.md")
			h.head = h.repo.Commit("pkg-a drops STORY-003")
			h.event("pull_request", "pull_request.synchronize")
			h.action(inRoot(h, "pkg-a"))
			mine, n := stickyOf(h, pkgA)
			theirs, m := stickyOf(h, pkgB)
			if m != 1 || theirs.ID != pkgBReport || theirs.Body != report {
				t.Errorf("pkg-b's report was taken for pkg-a's: %+v", h.fake.Comments(prRepo, prNumber))
			}
			if n != 1 || mine.ID <= first.ID || mine.Body == first.Body || len(h.fake.Comments(prRepo, prNumber)) != 2 {
				t.Errorf("control: pkg-a's own comment must be replaced by the new head's: %+v", h.fake.Comments(prRepo, prNumber))
			}
		})
	}
}
