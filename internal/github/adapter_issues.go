package github

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	gh "github.com/google/go-github/v62/github"
)

// FindIssues implements Issues: the issues (not pull requests) that
// storygate's own account opened (Self) and whose body's first line
// starts with marker. An issue anyone else opened, or one quoting the
// marker further down, is nobody's record: an agent cannot make storygate
// update, reopen or close an issue of its choosing.
func (a *Adapter) FindIssues(ctx context.Context, repo Repo, marker string) ([]Issue, error) {
	self, err := a.Self(ctx)
	if err != nil {
		return nil, err
	}
	var found []Issue
	for page := 1; page != 0; {
		u := fmt.Sprintf("repos/%s/%s/issues?state=all&sort=created&direction=asc&per_page=%d&page=%d", url.PathEscape(repo.Owner), url.PathEscape(repo.Name), pageSize, page)
		var batch []listedIssue
		next, err := a.getJSON(ctx, u, &batch)
		if err != nil {
			return nil, fmt.Errorf("list issues of %s: %w", repo, err)
		}
		for _, is := range batch {
			if is.PullRequest == nil && strings.HasPrefix(FirstLine(is.Body), marker) && self.Authored(is.authorship()) {
				found = append(found, is.issue())
			}
		}
		page = next.NextPage
	}
	return found, nil
}

// listedIssue is an issue as GET /repos/{owner}/{repo}/issues returns it,
// with performed_via_github_app, which go-github v62 does not decode.
type listedIssue struct {
	Number  int         `json:"number"`
	Title   string      `json:"title"`
	Body    string      `json:"body"`
	State   string      `json:"state"`
	HTMLURL string      `json:"html_url"`
	User    payloadUser `json:"user"`
	Labels  []struct {
		Name string `json:"name"`
	} `json:"labels"`
	PullRequest *struct{} `json:"pull_request"`
	App         *struct {
		ID   int64  `json:"id"`
		Slug string `json:"slug"`
	} `json:"performed_via_github_app"`
}

func (is listedIssue) issue() Issue {
	labels := make([]string, 0, len(is.Labels))
	for _, l := range is.Labels {
		labels = append(labels, l.Name)
	}
	return Issue{Number: is.Number, Title: is.Title, Body: is.Body, State: is.State, Labels: labels, HTMLURL: is.HTMLURL}
}

// authorship is who opened the issue, as Self.Authored reads a comment.
func (is listedIssue) authorship() Comment {
	c := Comment{Author: is.User.user()}
	if is.App != nil {
		c.App = App{ID: is.App.ID, Slug: is.App.Slug}
	}
	return c
}

// CreateIssue implements Issues. One that carries its marker is
// recognisable: a lost answer is looked for patiently (applyOnce) before
// the issue is opened again, and after a resend every open duplicate but
// the oldest is closed with a note (closeDuplicateIssues).
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
	made, resent, err := applyOnceNoting(ctx, a.retry, find, create)
	if err != nil || !resent || find == nil {
		return made, err
	}
	return a.closeDuplicateIssues(ctx, repo, req.Marker, made)
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
