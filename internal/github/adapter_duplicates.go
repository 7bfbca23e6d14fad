package github

import (
	"context"
	"errors"
	"fmt"

	gh "github.com/google/go-github/v62/github"
)

// dropDuplicateReplies deletes every comment of storygate's own account
// on the thread with exactly body but the oldest, and returns the one
// kept. It runs after a reply was sent again because no look found it
// (applyOnceNoting), so each such comment is this call's: a decision
// receipt names its command, head and commit, and a reply GitHub applied
// after the looks is the same reply twice. made is the reply the call
// ended with, counted when the list does not show it yet.
func (a *Adapter) dropDuplicateReplies(ctx context.Context, repo Repo, number int, body string, made Comment) (Comment, error) {
	same, err := a.ownComments(ctx, repo, number, func(c Comment) bool { return c.Body == body })
	if err != nil {
		return made, fmt.Errorf("look for duplicates of a reply on #%d of %s: %w", number, repo, err)
	}
	same = withComment(same, made)
	if len(same) == 0 {
		return made, nil
	}
	for _, extra := range same[1:] {
		if err := a.deleteComment(ctx, repo, extra.ID); err != nil && !errors.Is(err, ErrNotFound) {
			return made, err
		}
	}
	return same[0], nil
}

// DuplicateIssueBody is the body a duplicate of issue kept is closed
// with: a note first, so the marker is no longer the first line and no
// later lookup takes the duplicate for the record, then what it said.
func DuplicateIssueBody(kept int, body string) string {
	return fmt.Sprintf("Duplicate of #%d: storygate opened this issue twice (GitHub applied a request whose answer was lost); #%d is the record, this copy is closed.\n\n%s", kept, kept, body)
}

// closeDuplicateIssues closes every open issue carrying marker but the
// oldest, each with DuplicateIssueBody, and returns the oldest. made is
// the issue the create ended with, counted when the list does not show
// it yet.
func (a *Adapter) closeDuplicateIssues(ctx context.Context, repo Repo, marker string, made Issue) (Issue, error) {
	all, err := a.FindIssues(ctx, repo, marker)
	if err != nil {
		return made, fmt.Errorf("look for duplicates of issue #%d: %w", made.Number, err)
	}
	open := []Issue{}
	seen := false
	for _, is := range all {
		if is.State == "open" && FirstLine(is.Body) == FirstLine(made.Body) {
			open = append(open, is)
			seen = seen || is.Number == made.Number
		}
	}
	if !seen && made.Number != 0 {
		open = insertByNumber(open, made)
	}
	if len(open) == 0 {
		return made, nil
	}
	for _, dup := range open[1:] {
		if err := a.closeAsDuplicate(ctx, repo, dup, open[0].Number); err != nil {
			return made, err
		}
	}
	return open[0], nil
}

// insertByNumber puts is into issues, which are sorted by number.
func insertByNumber(issues []Issue, is Issue) []Issue {
	for i, o := range issues {
		if is.Number < o.Number {
			return append(issues[:i], append([]Issue{is}, issues[i:]...)...)
		}
	}
	return append(issues, is)
}

// closeAsDuplicate closes dup with the note that kept is the record.
func (a *Adapter) closeAsDuplicate(ctx context.Context, repo Repo, dup Issue, kept int) error {
	body := DuplicateIssueBody(kept, dup.Body)
	if _, err := a.UpdateIssue(ctx, repo, dup.Number, IssueUpdate{Body: gh.String(body), State: gh.String("closed")}); err != nil {
		return fmt.Errorf("close duplicate issue #%d of #%d: %w", dup.Number, kept, err)
	}
	return nil
}
