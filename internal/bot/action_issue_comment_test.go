package bot

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github/githubtest"
)

// TestActionRoutesSlashCommands runs storygate action on a real
// issue_comment payload: a comment from someone without write access is
// refused with a reply that says why, and nothing is committed.
func TestActionRoutesSlashCommands(t *testing.T) {
	h := newHarness(t)
	h.fake.AddPullRequest(prRepo, githubtest.PullRequest{Number: prNumber, Author: githubtest.User{Login: "coding-agent"},
		HeadSHA: h.head, HeadRef: "feature", BaseSHA: h.base, BaseRef: "main"})
	story := demoFile(t, "STORY-002.md")
	h.fake.SetFile(prRepo, "feature", "stories/STORY-002.md", []byte(story))
	h.fake.SetFile(prRepo, "feature", "stories/STORY-003.md", []byte(demoFile(t, "STORY-003.md")))
	stranger := githubtest.User{Login: "stranger"}
	body := "/approve-plan STORY-002 looks good"
	id := h.fake.AddComment(prRepo, prNumber, stranger, body)
	h.event("issue_comment", "issue_comment.created", githubtest.OnPullRequest(prRepo, prNumber), githubtest.WithComment(id, body, stranger))
	if code := h.action(); code != passed {
		t.Fatalf("got %s\n%s", code, h.stderr.String())
	}
	comments := h.fake.Comments(prRepo, prNumber)
	if len(comments) != 2 || !strings.Contains(comments[1].Body, "stranger") {
		t.Fatalf("want the command and one refusal reply naming the commenter, got %+v", comments)
	}
	if got, _, _ := h.fake.File(prRepo, "feature", "stories/STORY-002.md"); string(got) != story {
		t.Error("a refused command changed the story")
	}
}

// TestActionSlashCommandCommitsAndStartsTheGate: an authorized
// /approve-plan commits the decision to the PR branch through the contents
// API, then starts the gate workflow for that commit with
// workflow_dispatch, on the ref the commands job runs on. The write job
// itself runs no gate: no check run, no checkout of the pull request.
func TestActionSlashCommandCommitsAndStartsTheGate(t *testing.T) {
	h := reviewerApprovesThePlan(t)
	story, _, _ := h.fake.File(prRepo, "feature", "stories/STORY-002.md")
	if !strings.Contains(string(story), "state: ready") || !strings.Contains(string(story), "**Decision:** approve_plan") {
		t.Fatalf("the decision was not committed:\n%s\n%s\n%+v", story, h.stderr.String(), h.fake.Comments(prRepo, prNumber))
	}
	dispatches := h.fake.Dispatches()
	if len(dispatches) != 1 {
		t.Fatalf("want one dispatch of the gate, got %+v", dispatches)
	}
	d := dispatches[0]
	if d.Workflow != "storygate.yml" || d.Ref != "refs/heads/main" || d.Inputs["pull_request"] != "2" || d.Inputs["base_sha"] != h.base ||
		len(d.Inputs["head_sha"]) != 40 || d.Inputs["head_sha"] == h.head {
		t.Errorf("dispatch %+v: want storygate.yml on main for the decision's commit", d)
	}
	if runs := h.fake.CheckRuns(); len(runs) != 0 {
		t.Errorf("the write job ran the gate itself: %+v", runs)
	}
}

// reviewerApprovesThePlan has an authorized reviewer type /approve-plan
// STORY-002 in the commands job, which runs on the default branch (main,
// last pushed at the base) and must pass.
func reviewerApprovesThePlan(t *testing.T) *harness {
	h := reviewerCommentsApprovePlan(t)
	if code := h.action(); code != passed {
		t.Fatalf("got %s\n%s", code, h.stderr.String())
	}
	return h
}

// reviewerCommentsApprovePlan is reviewerApprovesThePlan up to the run:
// the pull request, GitHub's records of it and the reviewer's comment.
func reviewerCommentsApprovePlan(t *testing.T) *harness {
	h := newHarness(t)
	h.fake.AddPullRequest(prRepo, githubtest.PullRequest{Number: prNumber, Author: githubtest.User{Login: "coding-agent"},
		HeadSHA: h.head, HeadRef: "feature", BaseSHA: h.base, BaseRef: "main"})
	for _, name := range []string{"STORY-002.md", "STORY-003.md"} {
		h.fake.SetFile(prRepo, "feature", "stories/"+name, []byte(demoFile(t, name)))
	}
	// GitHub's push records of the default branch and of the head the
	// reviewer saw, and GitHub's copy of the repository, where the
	// decision commit is made (a later job's checkout pulls it).
	h.fake.Push(prRepo, "main", h.base, githubtest.User{Login: "maintainer"})
	h.fake.Push(prRepo, "feature", h.head, githubtest.User{Login: "coding-agent"})
	h.fake.Backing(prRepo, h.repo.Root)
	reviewer := githubtest.User{Login: "reviewer"}
	h.fake.SetPermission(prRepo, reviewer.Login, "write")
	h.env["GITHUB_REF"] = "refs/heads/main"
	body := "/approve-plan STORY-002 the plan maps errors to fields"
	id := h.fake.AddComment(prRepo, prNumber, reviewer, body)
	h.event("issue_comment", "issue_comment.created", githubtest.OnPullRequest(prRepo, prNumber), githubtest.WithComment(id, body, reviewer))
	return h
}
