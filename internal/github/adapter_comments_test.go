package github_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

const (
	marker       = "<!-- storygate:sticky -->"
	listRoute    = "/repos/{owner}/{repo}/issues/{issue_number}/comments"
	commentRoute = "/repos/{owner}/{repo}/issues/comments/{comment_id}"
)

func TestStickyCommentIsCreatedOnceThenEditedOnlyOnChange(t *testing.T) {
	a, fake, _ := setup(t)
	first, res := upsert(t, a, fake, "report v1")
	if res != github.StickyCreated || !strings.HasPrefix(first.Body, marker) {
		t.Fatalf("first upsert: %s, body %q", res, first.Body)
	}
	if _, res = upsert(t, a, fake, "report v1"); res != github.StickyUnchanged {
		t.Errorf("same body: %s, want unchanged", res)
	}
	if n := len(fake.CallsTo("PATCH", commentRoute)); n != 0 {
		t.Errorf("same body made %d PATCH calls, want 0", n)
	}
	second, res := upsert(t, a, fake, "report v2")
	if res != github.StickyUpdated || second.ID != first.ID {
		t.Errorf("changed body: %s on comment %d, want updated on %d", res, second.ID, first.ID)
	}
	comments := fake.Comments(repoName, 7)
	if len(comments) != 1 || !strings.Contains(comments[0].Body, "report v2") {
		t.Errorf("comments = %+v, want exactly one with v2", comments)
	}
}

// upsert posts body as the report of pull request 7 at stickyHead, its
// head, as publish does.
func upsert(t *testing.T, a *github.Adapter, fake *githubtest.Server, body string) (github.Comment, github.StickyResult) {
	t.Helper()
	seedPullRequest(fake)
	posted, err := a.PostHeadReport(context.Background(), repo, 7, marker, stickyHead, body)
	if err != nil {
		t.Fatal(err)
	}
	return posted.Comment, posted.Result
}

// stickyHead is the head of the tests' pull request 7.
const stickyHead = "abc0000000000000000000000000000000000def"

// seedPullRequest puts pull request 7 at stickyHead in fake.
func seedPullRequest(fake *githubtest.Server) {
	fake.AddPullRequest(repoName, githubtest.PullRequest{Number: 7, HeadSHA: stickyHead})
}

// stickyBody is the sticky comment reporting report for stickyHead.
func stickyBody(report string) string {
	return marker + "\n" + github.HeadLine(stickyHead) + "\n" + report
}

func TestStickyCommentIsFoundOnALaterPage(t *testing.T) {
	a, fake, _ := setup(t)
	for i := range 230 {
		fake.AddComment(repoName, 7, githubtest.User{Login: "someone"}, fmt.Sprintf("chatter %d", i))
	}
	sticky := fake.AddComment(repoName, 7, githubtest.Bot, stickyBody("old report"))
	c, res := upsert(t, a, fake, "new report")
	if res != github.StickyUpdated || c.ID != sticky {
		t.Fatalf("upsert: %s on %d, want updated on %d", res, c.ID, sticky)
	}
	// Listed twice: to find the report to edit, and after the write to
	// delete older reports (PostHeadReport).
	if n := len(fake.CallsTo("GET", listRoute)); n != 6 {
		t.Errorf("list pages = %d, want 6 (231 comments, 100 a page, listed twice)", n)
	}
	if n := len(fake.Comments(repoName, 7)); n != 231 {
		t.Errorf("comments = %d, want 231 (no second sticky)", n)
	}
}

func TestStickyCommentIsTrimmedKeepingTheMarker(t *testing.T) {
	a, fake, _ := setup(t)
	c, _ := upsert(t, a, fake, strings.Repeat("row\n", 40000))
	if len(c.Body) >= github.MaxCommentBytes || !strings.HasPrefix(c.Body, marker) {
		t.Errorf("body is %d bytes, marker first: %v", len(c.Body), strings.HasPrefix(c.Body, marker))
	}
}

func TestGetCommentReportsAuthorAndEdits(t *testing.T) {
	a, fake, _ := setup(t)
	ctx := context.Background()
	id := fake.AddComment(repoName, 7, githubtest.User{Login: "alice"}, "/approve-plan looks good")
	c := must[github.Comment](t)(a.GetComment(ctx, repo, id))
	if c.Author.Login != "alice" || c.Author.IsBot() || c.Edited() || c.Body != "/approve-plan looks good" || !strings.Contains(c.HTMLURL, fmt.Sprint(id)) {
		t.Errorf("comment = %+v", c)
	}
	fake.EditComment(id, "/approve-plan changed my mind")
	if c = must[github.Comment](t)(a.GetComment(ctx, repo, id)); !c.Edited() {
		t.Errorf("edited comment not reported as edited: %+v", c)
	}
	if _, err := a.GetComment(ctx, repo, 4242); !errorsIs(err, github.ErrNotFound) {
		t.Errorf("missing comment: err = %v, want ErrNotFound", err)
	}
}

func TestBotAuthorIsABot(t *testing.T) {
	a, fake, _ := setup(t)
	id := fake.AddComment(repoName, 7, githubtest.User{Login: "dependabot[bot]", Type: "Bot"}, "/approve-plan")
	c := must[github.Comment](t)(a.GetComment(context.Background(), repo, id))
	if !c.Author.IsBot() {
		t.Errorf("author %+v not a bot", c.Author)
	}
}

func TestReplyAndReaction(t *testing.T) {
	a, fake, _ := setup(t)
	ctx := context.Background()
	id := fake.AddComment(repoName, 7, githubtest.User{Login: "alice"}, "/approve-plan")
	reply := must[github.Comment](t)(a.CreateComment(ctx, repo, 7, "Refused: you are the author."))
	if err := a.AddReaction(ctx, repo, id, github.ReactionRocket); err != nil {
		t.Fatal(err)
	}
	comments := fake.Comments(repoName, 7)
	if len(comments) != 2 || comments[1].ID != reply.ID || comments[1].Author.Login != githubtest.Bot.Login {
		t.Errorf("comments = %+v", comments)
	}
	if got := comments[0].Reactions; len(got) != 1 || got[0] != "rocket" {
		t.Errorf("reactions = %v, want [rocket]", got)
	}
}
