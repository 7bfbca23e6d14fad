package github

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	gh "github.com/google/go-github/v62/github"
)

// MaxCommentBytes keeps a comment under GitHub's 65,536-character limit.
const MaxCommentBytes = 65536

// pageSize is the largest page GitHub serves; fewer pages, fewer calls.
const pageSize = 100

// withComment adds made to marked (oldest first) unless it is there: a
// list GitHub has not brought up to date with the create yet.
func withComment(marked []Comment, made Comment) []Comment {
	if made.ID == 0 || slices.ContainsFunc(marked, func(c Comment) bool { return c.ID == made.ID }) {
		return marked
	}
	marked = append(marked, made)
	slices.SortFunc(marked, func(x, y Comment) int { return cmp.Compare(x.ID, y.ID) })
	return marked
}

// StickyMarked reports whether body is marked as marker's sticky comment:
// its first line is exactly the marker. A marker anywhere else (quoted
// output, another root's report that prints it) marks nothing.
func StickyMarked(body, marker string) bool {
	return marker != "" && FirstLine(body) == marker
}

// FirstLine is body up to its first line break: where storygate puts the
// marker of every record it writes (the sticky comment, drift issues).
func FirstLine(body string) string {
	first, _, _ := strings.Cut(body, "\n")
	return first
}

// markedComments returns the comments storygate's own account (Self)
// posted that are marked as marker's sticky comment, oldest (lowest ID)
// first. Anyone else's comment, a person's or another bot's, is never
// taken for it, whatever it says: it would be adopted as the report, or
// edited, or deleted as a duplicate.
func (a *Adapter) markedComments(ctx context.Context, repo Repo, number int, marker string) ([]Comment, error) {
	return a.ownComments(ctx, repo, number, func(c Comment) bool { return StickyMarked(c.Body, marker) })
}

// ownComments pages through the comments and returns those the adapter's
// own account posted that keep holds for, oldest (lowest ID) first.
func (a *Adapter) ownComments(ctx context.Context, repo Repo, number int, keep func(Comment) bool) ([]Comment, error) {
	all, err := a.ListComments(ctx, repo, number)
	if err != nil {
		return nil, err
	}
	self, err := a.Self(ctx)
	if err != nil {
		return nil, err
	}
	var kept []Comment
	for _, c := range all {
		if self.Authored(c) && keep(c) {
			kept = append(kept, c)
		}
	}
	slices.SortFunc(kept, func(x, y Comment) int { return cmp.Compare(x.ID, y.ID) })
	return kept, nil
}

func (a *Adapter) deleteComment(ctx context.Context, repo Repo, id int64) error {
	resp, err := a.gh.Issues.DeleteComment(ctx, repo.Owner, repo.Name, id)
	if err != nil {
		return apiError(fmt.Sprintf("delete duplicate comment %d on %s", id, repo), resp, err)
	}
	return nil
}

// CreateComment implements Comments. A reply whose answer was lost is
// sent again only when no comment by storygate's own account (Self) with
// exactly this body is on the thread, after patient looks (applyOnce): a
// decision receipt, which names its command, is found exactly; of two
// identical help replies, the second may then be left out, which beats
// posting one twice. After a resend, the duplicates the thread may then
// hold are deleted (dropDuplicateReplies), so the reply is there once.
func (a *Adapter) CreateComment(ctx context.Context, repo Repo, number int, body string) (Comment, error) {
	create := func(ctx context.Context) (Comment, error) {
		c, resp, err := a.gh.Issues.CreateComment(ctx, repo.Owner, repo.Name, number, &gh.IssueComment{Body: gh.String(body)})
		if err != nil {
			return Comment{}, apiError(fmt.Sprintf("comment on #%d of %s", number, repo), resp, err)
		}
		return fromIssueComment(c), nil
	}
	find := func(ctx context.Context) (Comment, bool, error) {
		same, err := a.ownComments(ctx, repo, number, func(c Comment) bool { return c.Body == body })
		if err != nil || len(same) == 0 {
			return Comment{}, false, err
		}
		return same[len(same)-1], true, nil
	}
	made, resent, err := applyOnceNoting(ctx, a.retry, find, create)
	if err != nil || !resent {
		return made, err
	}
	return a.dropDuplicateReplies(ctx, repo, number, body, made)
}

func (a *Adapter) editComment(ctx context.Context, repo Repo, id int64, body string) (Comment, error) {
	c, resp, err := a.gh.Issues.EditComment(ctx, repo.Owner, repo.Name, id, &gh.IssueComment{Body: gh.String(body)})
	if err != nil {
		return Comment{}, apiError(fmt.Sprintf("edit comment %d on %s", id, repo), resp, err)
	}
	return fromIssueComment(c), nil
}

// GetComment implements Comments.
func (a *Adapter) GetComment(ctx context.Context, repo Repo, commentID int64) (Comment, error) {
	c, resp, err := a.gh.Issues.GetComment(ctx, repo.Owner, repo.Name, commentID)
	if err != nil {
		return Comment{}, apiError(fmt.Sprintf("get comment %d on %s", commentID, repo), resp, err)
	}
	return fromIssueComment(c), nil
}

// AddReaction implements Comments.
func (a *Adapter) AddReaction(ctx context.Context, repo Repo, commentID int64, reaction Reaction) error {
	_, resp, err := a.gh.Reactions.CreateIssueCommentReaction(ctx, repo.Owner, repo.Name, commentID, string(reaction))
	if err != nil {
		return apiError(fmt.Sprintf("react %s to comment %d on %s", reaction, commentID, repo), resp, err)
	}
	return nil
}

func fromIssueComment(c *gh.IssueComment) Comment {
	return Comment{
		ID:        c.GetID(),
		Body:      c.GetBody(),
		Author:    fromUser(c.GetUser()),
		CreatedAt: c.GetCreatedAt().Time,
		UpdatedAt: c.GetUpdatedAt().Time,
		HTMLURL:   c.GetHTMLURL(),
	}
}

func fromUser(u *gh.User) User {
	return User{Login: u.GetLogin(), Type: u.GetType()}
}
