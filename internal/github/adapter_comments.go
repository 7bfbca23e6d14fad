package github

import (
	"context"
	"fmt"
	"strings"

	gh "github.com/google/go-github/v62/github"
)

// MaxCommentBytes keeps a comment under GitHub's 65,536-character limit.
const MaxCommentBytes = 65536

// pageSize is the largest page GitHub serves; fewer pages, fewer calls.
const pageSize = 100

// UpsertStickyComment implements Comments. The marker goes first in the
// body so that trimming an oversized body can never cut it off.
func (a *Adapter) UpsertStickyComment(ctx context.Context, repo Repo, number int, marker, body string) (Comment, StickyResult, error) {
	body = TrimOutput(withMarker(body, marker), MaxCommentBytes, "")
	existing, found, err := a.findMarkedComment(ctx, repo, number, marker)
	if err != nil {
		return Comment{}, "", err
	}
	if !found {
		c, err := a.CreateComment(ctx, repo, number, body)
		return c, StickyCreated, err
	}
	if existing.Body == body {
		return existing, StickyUnchanged, nil
	}
	c, err := a.editComment(ctx, repo, existing.ID, body)
	return c, StickyUpdated, err
}

// withMarker puts marker on the first line unless body already has it.
func withMarker(body, marker string) string {
	if strings.Contains(body, marker) {
		return body
	}
	return marker + "\n" + body
}

// findMarkedComment pages through the comments, oldest first, and returns
// the first carrying marker: should a duplicate ever exist, the oldest stays
// the sticky one.
func (a *Adapter) findMarkedComment(ctx context.Context, repo Repo, number int, marker string) (Comment, bool, error) {
	opts := &gh.IssueListCommentsOptions{ListOptions: gh.ListOptions{PerPage: pageSize}}
	for {
		page, resp, err := a.gh.Issues.ListComments(ctx, repo.Owner, repo.Name, number, opts)
		if err != nil {
			return Comment{}, false, apiError(fmt.Sprintf("list comments of #%d on %s", number, repo), resp, err)
		}
		for _, c := range page {
			if strings.Contains(c.GetBody(), marker) {
				return fromIssueComment(c), true, nil
			}
		}
		if resp.NextPage == 0 {
			return Comment{}, false, nil
		}
		opts.Page = resp.NextPage
	}
}

// CreateComment implements Comments.
func (a *Adapter) CreateComment(ctx context.Context, repo Repo, number int, body string) (Comment, error) {
	c, resp, err := a.gh.Issues.CreateComment(ctx, repo.Owner, repo.Name, number, &gh.IssueComment{Body: gh.String(body)})
	if err != nil {
		return Comment{}, apiError(fmt.Sprintf("comment on #%d of %s", number, repo), resp, err)
	}
	return fromIssueComment(c), nil
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
