package github

import (
	"context"
	"fmt"
	"strings"

	gh "github.com/google/go-github/v62/github"
)

// FindIssues implements Issues. The issues API lists pull requests too;
// they are skipped.
func (a *Adapter) FindIssues(ctx context.Context, repo Repo, marker string) ([]Issue, error) {
	opts := &gh.IssueListByRepoOptions{State: "all", Sort: "created", Direction: "asc", ListOptions: gh.ListOptions{PerPage: pageSize}}
	var found []Issue
	for {
		page, resp, err := a.gh.Issues.ListByRepo(ctx, repo.Owner, repo.Name, opts)
		if err != nil {
			return nil, apiError(fmt.Sprintf("list issues of %s", repo), resp, err)
		}
		for _, is := range page {
			if !is.IsPullRequest() && strings.Contains(is.GetBody(), marker) {
				found = append(found, fromIssue(is))
			}
		}
		if resp.NextPage == 0 {
			return found, nil
		}
		opts.Page = resp.NextPage
	}
}

// CreateIssue implements Issues.
func (a *Adapter) CreateIssue(ctx context.Context, repo Repo, req IssueRequest) (Issue, error) {
	body := &gh.IssueRequest{Title: gh.String(req.Title), Body: gh.String(req.Body)}
	if len(req.Labels) > 0 {
		body.Labels = &req.Labels
	}
	create := func(ctx context.Context) (Issue, error) {
		is, resp, err := a.gh.Issues.Create(ctx, repo.Owner, repo.Name, body)
		if err != nil {
			return Issue{}, apiError(fmt.Sprintf("open issue %q on %s", req.Title, repo), resp, err)
		}
		return fromIssue(is), nil
	}
	var find func(context.Context) (Issue, bool, error)
	if req.Marker != "" && strings.Contains(req.Body, req.Marker) {
		find = func(ctx context.Context) (Issue, bool, error) { return a.findOpenIssue(ctx, repo, req.Marker) }
	}
	return applyOnce(ctx, a.retry, find, create)
}

// findOpenIssue returns the oldest open issue carrying marker.
func (a *Adapter) findOpenIssue(ctx context.Context, repo Repo, marker string) (Issue, bool, error) {
	all, err := a.FindIssues(ctx, repo, marker)
	for _, is := range all {
		if is.State == "open" {
			return is, true, err
		}
	}
	return Issue{}, false, err
}

// UpdateIssue implements Issues.
func (a *Adapter) UpdateIssue(ctx context.Context, repo Repo, number int, u IssueUpdate) (Issue, error) {
	body := &gh.IssueRequest{Title: u.Title, Body: u.Body, State: u.State}
	is, resp, err := a.gh.Issues.Edit(ctx, repo.Owner, repo.Name, number, body)
	if err != nil {
		return Issue{}, apiError(fmt.Sprintf("update issue #%d of %s", number, repo), resp, err)
	}
	return fromIssue(is), nil
}

// CloseIssue implements Issues.
func (a *Adapter) CloseIssue(ctx context.Context, repo Repo, number int) error {
	_, err := a.UpdateIssue(ctx, repo, number, IssueUpdate{State: gh.String("closed")})
	return err
}

func fromIssue(is *gh.Issue) Issue {
	labels := make([]string, 0, len(is.Labels))
	for _, l := range is.Labels {
		labels = append(labels, l.GetName())
	}
	return Issue{Number: is.GetNumber(), Title: is.GetTitle(), Body: is.GetBody(), State: is.GetState(), Labels: labels, HTMLURL: is.GetHTMLURL()}
}
