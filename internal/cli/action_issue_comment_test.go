package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

var (
	commandAgent    = githubtest.User{Login: "coding-agent"}
	commandReviewer = githubtest.User{Login: "reviewer"}
)

// commandHarness is the harness with the PR branch "feature" at h.head on
// the fake as well (files, push record), commits of the contents API
// mirrored into the checkout, and the gate's re-run checking that the
// checkout holds the decision's commit.
func commandHarness(t *testing.T) *harness { return commandHarnessAt(t, newHarness(t)) }

// commandHarnessAt sets the PR up on h as it stands.
func commandHarnessAt(t *testing.T, h *harness) *harness {
	h.fake.AddPullRequest(prRepo, githubtest.PullRequest{Number: prNumber, Author: commandAgent,
		HeadSHA: h.head, HeadRef: "feature", BaseSHA: h.base, BaseRef: "main"})
	names, _ := filepath.Glob(filepath.Join(h.repo.Root, "stories", "STORY-00[23].md"))
	for _, name := range names {
		content, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		h.fake.SetFile(prRepo, "feature", "stories/"+filepath.Base(name), content)
	}
	h.fake.Push(prRepo, "feature", h.head, commandAgent)
	h.fake.MirrorCommits(func(_, path, msg string, content []byte) string {
		h.repo.Write(map[string]string{path: string(content)})
		return h.repo.Commit(msg)
	})
	checkoutForRerun = func(_ context.Context, root, commit string) error {
		if got := testrepo.GitCLI(t, root, "rev-parse", "HEAD"); got != commit {
			t.Errorf("the gate re-runs on %s, the checkout is at %s", commit, got)
		}
		return nil
	}
	t.Cleanup(func() { checkoutForRerun = checkoutCommit })
	return h
}

func (h *harness) slashCommand(author githubtest.User, body string) int {
	h.t.Helper()
	id := h.fake.AddComment(prRepo, prNumber, author, body)
	h.event("issue_comment", "issue_comment.created", githubtest.OnPullRequest(prRepo, prNumber), githubtest.WithComment(id, body, author))
	return h.run("action")
}

// TestActionRoutesSlashCommands runs storygate action on a real
// issue_comment payload: a comment from someone without write access is
// refused with a reply that says why, and nothing is committed.
func TestActionRoutesSlashCommands(t *testing.T) {
	h := commandHarness(t)
	story := demoFile(t, "STORY-002.md")
	if code := h.slashCommand(githubtest.User{Login: "stranger"}, "/approve-plan STORY-002 looks good"); code != ExitOK {
		t.Fatalf("exit %d\n%s", code, h.stderr.String())
	}
	comments := h.fake.Comments(prRepo, prNumber)
	if len(comments) != 2 || !strings.Contains(comments[1].Body, "stranger") {
		t.Fatalf("want the command and one refusal reply naming the commenter, got %+v", comments)
	}
	if got, _, _ := h.fake.File(prRepo, "feature", "stories/STORY-002.md"); string(got) != story {
		t.Error("a refused command changed the story")
	}
}

// TestActionSlashCommandCommitsAndGatesAgain: an authorized /approve-plan
// commits the decision to the PR branch through the contents API, leaves
// storygate's record, then the gate runs again in the same job on that
// commit, verifies the decision and publishes its checks.
func TestActionSlashCommandCommitsAndGatesAgain(t *testing.T) {
	h := commandHarness(t)
	h.fake.SetPermission(prRepo, commandReviewer.Login, "write")
	if code := h.slashCommand(commandReviewer, "/approve-plan STORY-002 the plan maps errors to fields"); code != ExitOK {
		t.Fatalf("exit %d\n%s", code, h.stderr.String())
	}
	story, _, _ := h.fake.File(prRepo, "feature", "stories/STORY-002.md")
	if !strings.Contains(string(story), "state: ready") || !strings.Contains(string(story), "**Decision:** approve_plan") {
		t.Fatalf("the decision was not committed:\n%s", story)
	}
	commits := h.fake.Commits(prRepo, "feature")
	runs := h.fake.CheckRuns()
	if len(commits) != 1 || len(runs) == 0 || runs[0].HeadSHA != commits[0].SHA {
		t.Fatalf("the gate did not run again on the decision's commit %+v: %+v", commits, runs)
	}
	stories, _ := h.document().Gate(gate.Stories)
	for _, d := range stories.Diagnostics {
		if strings.HasPrefix(d.Rule, "hitl/decision-") {
			t.Errorf("the recorded decision is not verified: %s", d)
		}
	}
	if !strings.Contains(stories.Detail, "✅ verified") {
		t.Errorf("the stories gate does not list the verified decision: %q", stories.Detail)
	}
}

// TestSlashCommandPolicyComesFromTheBase: the PR's head lowers
// approvers.permission to read; a reader's command is still judged by the
// base's policy and refused. Its control: the same policy at base lets
// the reader decide.
func TestSlashCommandPolicyComesFromTheBase(t *testing.T) {
	relaxed := "approvers:\n  permission: read\n"
	for name, c := range map[string]struct {
		atBase  bool
		applied bool
	}{"relaxed by the PR": {false, false}, "relaxed at base": {true, true}} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			h.repo.Write(map[string]string{".github/storygate.yml": relaxed})
			if c.atBase {
				h.base = h.repo.Commit("base policy")
				h.repo.Write(map[string]string{"stories/STORY-002.md": demoFile(t, "STORY-002.md") + "\n"})
			}
			h.head = h.repo.Commit("the PR's head")
			h = commandHarnessAt(t, h)
			h.fake.SetPermission(prRepo, "reader", "read")
			if code := h.slashCommand(githubtest.User{Login: "reader"}, "/approve-plan STORY-002"); code != ExitOK {
				t.Fatalf("exit %d\n%s", code, h.stderr.String())
			}
			if got := len(h.fake.Commits(prRepo, "feature")) == 1; got != c.applied {
				t.Errorf("decision committed: %v, want %v\n%s", got, c.applied, h.stderr.String())
			}
			comments := h.fake.Comments(prRepo, prNumber)
			if reply := comments[len(comments)-1].Body; !c.applied && !strings.Contains(reply, "@reader has read permission") {
				t.Errorf("the refusal does not name the base's permission rule:\n%s", reply)
			}
		})
	}
}
