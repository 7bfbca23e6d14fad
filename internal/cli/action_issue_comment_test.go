package cli

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
	if code := h.run("action"); code != ExitOK {
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
