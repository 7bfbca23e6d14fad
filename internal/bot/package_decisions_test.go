package bot

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// The human gate with the root a package of its repository: the slash
// command through the action's issue_comment handler and the gate runs
// after it, with --root <repository>/pkg, each against the control of the
// same project at the repository's top.

// packages are the roots each test runs in: the top (the control, which
// must behave as it always has) and a package of a monorepo.
var packages = map[string]string{"at the top": "", "in a package": "pkg/"}

// TestActionHumanDecisionInAPackagePassesTheGate: a reviewer's
// /approve-plan is recorded in the package's story, storygate's receipt
// names the story's repository path, and the gate it starts, and the
// pull request's next gate run, verify the decision.
func TestActionHumanDecisionInAPackagePassesTheGate(t *testing.T) {
	t.Parallel()
	for name, pkg := range packages {
		t.Run(name, func(t *testing.T) {
			h := newPullRequestIn(t, pkg)
			h.humanMove("/approve-plan STORY-002 the plan is small", "ready")
			var receipts []chatops.Receipt
			for _, c := range h.fake.Comments(prRepo, prNumber) {
				receipts = append(receipts, receiptsIn(c.Body)...)
			}
			if len(receipts) != 1 || receipts[0].Path != pkg+lifecycleStory || receipts[0].Story != "STORY-002" {
				t.Errorf("receipts %+v, want one for STORY-002 at %s", receipts, pkg+lifecycleStory)
			}
			code, findings := h.pullRequestGate()
			assertGreen(t, code, findings)
			h.assertDecisionsVerified("the pull request run")
		})
	}
}

// TestActionPackageDecisionAttacksStayClosed: in a package as at the
// top, a command by the pull request's agent or by someone without write
// access is refused and records nothing; an entry the agent wrote itself
// for a reviewer's real comment, or a recorded one it rewrote or whose
// approved plan it changed afterwards, fails the gate.
func TestActionPackageDecisionAttacksStayClosed(t *testing.T) {
	t.Parallel()
	refusals := map[string]struct {
		by   githubtest.User
		want string
	}{
		"the agent's own command":   {commandAgent, "@coding-agent opened this pull request"},
		"an unauthorized commenter": {githubtest.User{Login: "drive-by"}, "@drive-by has none permission"},
	}
	tampering := map[string]struct {
		tamper    func(h *harness)
		rule, why string
	}{
		"entry written by the agent": {func(h *harness) {
			h.agentCommitsUnderTheBotsName(h.fake.AddComment(prRepo, prNumber, commandReviewer, "/approve-plan STORY-002"))
		}, "hitl/decision-unverified", "left no record"},
		"recorded entry rewritten": {func(h *harness) {
			h.recordDecision("/approve-plan STORY-002", "ready")
			h.agentPush("the agent improves the reason", map[string]string{lifecycleStory: h.editStory("**Rationale:** none given\n", "**Rationale:** also approves the auth rewrite\n")})
		}, "hitl/decision-unverified", "its **Rationale:** is not what its Source comment says"},
		"approved plan changed": {func(h *harness) {
			h.recordDecision("/approve-plan STORY-002", "ready")
			h.agentPush("the agent extends the plan", map[string]string{lifecycleStory: h.editStory(planStep, planStep+"\n2. Also rewrite the auth layer.")})
		}, "hitl/decision-stale", "changed after the decision"},
	}
	for name, pkg := range packages {
		t.Run(name, func(t *testing.T) {
			for what, c := range refusals {
				t.Run(what, func(t *testing.T) {
					h := newPullRequestIn(t, pkg)
					if code := h.slashCommand(c.by, "/approve-plan STORY-002"); code != passed {
						t.Fatalf("got %s\n%s", code, h.stderr.String())
					}
					h.assertRefused(c.want)
				})
			}
			for what, c := range tampering {
				t.Run(what, func(t *testing.T) {
					h := newPullRequestIn(t, pkg)
					c.tamper(h)
					code, findings := h.pullRequestGate()
					onlyFinding(t, code, findings, h.at(lifecycleStory), c.rule, c.why)
				})
			}
		})
	}
}

// twoPackagesDecided is a monorepo whose packages pkg-a and pkg-b both
// hold STORY-001 (done) at base and STORY-002, word for word the same,
// waiting for its plan review in pull request #2; the reviewer's
// /approve-plan STORY-002, returned, is recorded by pkg-a's commands job.
func twoPackagesDecided(t *testing.T) (*harness, githubtest.Comment) {
	h := newHarnessIn(t, "pkg-a/")
	h.repo = testrepo.New(t) // newHarnessIn's stories are pkg-a's alone
	h.env["GITHUB_WORKSPACE"] = h.repo.Root
	h.repo.Write(map[string]string{"pkg-a/stories/STORY-001.md": doneDemoStory(t), "pkg-b/stories/STORY-001.md": doneDemoStory(t)})
	h.base = h.repo.Commit("two packages")
	h.repo.Write(map[string]string{"pkg-a/stories/STORY-002.md": demoFile(t, "STORY-002.md"), "pkg-b/stories/STORY-002.md": demoFile(t, "STORY-002.md")})
	h.head = h.repo.Commit("STORY-002 of both packages waits for its plan review")
	h.openPullRequest()
	h.recordDecision("/approve-plan STORY-002", "ready")
	comments := h.fake.Comments(prRepo, prNumber)
	return h, comments[len(comments)-2] // the reviewer's command, before storygate's receipt
}

// TestActionDecisionForAnotherPackagesStoryIsUnverified: pkg-a and pkg-b
// both carry a STORY-002 waiting for its plan review, word for word the
// same. The reviewer's /approve-plan, handled by pkg-a's commands job, is
// recorded in pkg-a's story; the agent copies the decided story into
// pkg-b. pkg-b's gate finds the copied decision unverified: storygate's
// receipt names pkg-a's story; and pkg-b's commands job, handed the
// comment again, takes pkg-a's receipt for none of pkg-b's and refuses to
// leave one, the entry being the agent's push. The control: pkg-a's gate
// verifies the decision.
func TestActionDecisionForAnotherPackagesStoryIsUnverified(t *testing.T) {
	h, source := twoPackagesDecided(t)
	decided := h.storyOnBranch()

	h.pkg = "pkg-b/"
	h.agentPush("the agent copies pkg-a's approval into pkg-b", map[string]string{lifecycleStory: decided})
	code, findings := h.pullRequestGate()
	onlyFinding(t, code, findings, "pkg-b/"+lifecycleStory, "hitl/decision-unverified", "pkg-a/"+lifecycleStory)
	if code := h.commented(source.ID, source.Body, commandReviewer); code != passed {
		t.Fatalf("pkg-b's commands job: got %s\n%s", code, h.stderr.String())
	}
	if reply := h.lastReply(); !strings.Contains(reply, "pushed by @coding-agent") || len(receiptsIn(reply)) != 0 {
		t.Errorf("pkg-b's commands job did not refuse the agent's copy:\n%s", reply)
	}

	h.pkg = "pkg-a/"
	code, findings = h.pullRequestGate()
	assertGreen(t, code, findings)
	if !strings.Contains(h.storyOnBranch(), "state: ready\n") {
		t.Errorf("pkg-a's story is not the decided one:\n%s", h.storyOnBranch())
	}
}

// TestActionOneCommandRecordedInTwoPackagesDecidesNeither: pkg-a and
// pkg-b both carry a STORY-002 waiting for its plan review, and each
// package's commands job handles the reviewer's /approve-plan STORY-002,
// recording it in its own story. A command names its story by id only, so
// neither package's gate takes it: one comment decides one story. The
// control: recorded by pkg-a's job alone, pkg-a's gate verifies it.
func TestActionOneCommandRecordedInTwoPackagesDecidesNeither(t *testing.T) {
	h, source := twoPackagesDecided(t)
	code, findings := h.pullRequestGate()
	assertGreen(t, code, findings)

	h.pkg = "pkg-b/"
	if code := h.commented(source.ID, source.Body, commandReviewer); code != passed || !strings.Contains(h.storyOnBranch(), "state: ready\n") {
		t.Fatalf("pkg-b's commands job did not record the command: %s\n%s", code, h.stderr.String())
	}
	commits := h.fake.Commits(prRepo, "feature")
	h.head = commits[len(commits)-1].SHA // pkg-b's decision, on top of pkg-a's
	for _, pkg := range []string{"pkg-a/", "pkg-b/"} {
		h.pkg = pkg
		code, findings := h.pullRequestGate()
		onlyFinding(t, code, findings, pkg+lifecycleStory, "hitl/decision-unverified", "in 2 story files (pkg-a/stories/STORY-002.md, pkg-b/stories/STORY-002.md)")
	}
}
