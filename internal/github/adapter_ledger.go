package github

import (
	"context"
	"fmt"
	"net/url"
	"time"
)

// ledgerComment is an issue comment as the REST API returns it: what a
// webhook carries plus performed_via_github_app, which go-github v62 does
// not decode.
type ledgerComment struct {
	payloadComment
	App *struct {
		ID   int64  `json:"id"`
		Slug string `json:"slug"`
	} `json:"performed_via_github_app"`
}

func (c ledgerComment) comment() Comment {
	out := *c.payloadComment.comment()
	if c.App != nil {
		out.App = App{ID: c.App.ID, Slug: c.App.Slug}
	}
	return out
}

// ListComments implements Ledger (GET /repos/{owner}/{repo}/issues/{n}/comments).
func (a *Adapter) ListComments(ctx context.Context, repo Repo, number int) ([]Comment, error) {
	what := fmt.Sprintf("list comments of #%d on %s", number, repo)
	var out []Comment
	for page := 1; page != 0; {
		u := fmt.Sprintf("repos/%s/%s/issues/%d/comments?per_page=%d&page=%d", url.PathEscape(repo.Owner), url.PathEscape(repo.Name), number, pageSize, page)
		var batch []ledgerComment
		next, err := a.getJSON(ctx, u, &batch)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		for _, c := range batch {
			out = append(out, c.comment())
		}
		page = next.NextPage
	}
	return out, nil
}

var _ Ledger = (*Adapter)(nil)

// activity is one entry of GET /repos/{owner}/{repo}/activity.
type activity struct {
	Before    string       `json:"before"`
	After     string       `json:"after"`
	Timestamp time.Time    `json:"timestamp"`
	Type      string       `json:"activity_type"`
	Actor     *payloadUser `json:"actor"`
}

// Pushes implements Ledger with the repository activity API, filtered to
// refs/heads/<branch> and paged by its cursor.
func (a *Adapter) Pushes(ctx context.Context, repo Repo, branch string) ([]Push, error) {
	what := fmt.Sprintf("list the pushes to %s of %s", branch, repo)
	q := url.Values{"ref": {"refs/heads/" + branch}, "per_page": {fmt.Sprint(pageSize)}}
	var out []Push
	for {
		var batch []activity
		resp, err := a.getJSON(ctx, fmt.Sprintf("repos/%s/%s/activity?%s", url.PathEscape(repo.Owner), url.PathEscape(repo.Name), q.Encode()), &batch)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		for _, e := range batch {
			p := Push{Before: e.Before, After: e.After, At: e.Timestamp, Kind: e.Type}
			if e.Actor != nil {
				p.Actor = e.Actor.user()
			}
			out = append(out, p)
		}
		if resp.After == "" || len(batch) == 0 {
			return out, nil
		}
		q.Set("after", resp.After)
	}
}
