package github

import (
	"context"
	"fmt"
	"net/url"

	gh "github.com/google/go-github/v62/github"
)

// permissionResponse is the collaborator permission answer. go-github v62
// lacks role_name, which is the only field that tells triage and maintain.
type permissionResponse struct {
	Permission string `json:"permission"`
	RoleName   string `json:"role_name"`
}

// Permission implements Access.
func (a *Adapter) Permission(ctx context.Context, repo Repo, user string) (Permission, error) {
	path := fmt.Sprintf("repos/%s/%s/collaborators/%s/permission", url.PathEscape(repo.Owner), url.PathEscape(repo.Name), url.PathEscape(user))
	req, err := a.gh.NewRequest("GET", path, nil)
	if err != nil {
		return PermissionNone, fmt.Errorf("permission of %s on %s: %w", user, repo, err)
	}
	var body permissionResponse
	resp, err := a.gh.Do(ctx, req, &body)
	if isNotFound(resp) {
		return PermissionNone, nil
	}
	if err != nil {
		return PermissionNone, apiError(fmt.Sprintf("permission of %s on %s", user, repo), resp, err)
	}
	return permissionFromAPI(body.RoleName, body.Permission), nil
}

// IsTeamMember implements Access. A pending invitation is not membership.
func (a *Adapter) IsTeamMember(ctx context.Context, org, teamSlug, user string) (bool, error) {
	m, resp, err := a.gh.Teams.GetTeamMembershipBySlug(ctx, org, teamSlug, user)
	if isNotFound(resp) {
		return false, nil
	}
	if err != nil {
		return false, apiError(fmt.Sprintf("membership of %s in %s/%s", user, org, teamSlug), resp, err)
	}
	return m.GetState() == "active", nil
}

// PullRequest implements Access.
func (a *Adapter) PullRequest(ctx context.Context, repo Repo, number int) (PullRequest, error) {
	pr, resp, err := a.gh.PullRequests.Get(ctx, repo.Owner, repo.Name, number)
	if err != nil {
		return PullRequest{}, apiError(fmt.Sprintf("get pull request #%d of %s", number, repo), resp, err)
	}
	return fromPullRequest(pr), nil
}

func fromPullRequest(pr *gh.PullRequest) PullRequest {
	head, base := pr.GetHead(), pr.GetBase()
	return PullRequest{
		Number:   pr.GetNumber(),
		Author:   fromUser(pr.GetUser()),
		State:    pr.GetState(),
		Draft:    pr.GetDraft(),
		HTMLURL:  pr.GetHTMLURL(),
		HeadSHA:  head.GetSHA(),
		HeadRef:  head.GetRef(),
		HeadRepo: head.GetRepo().GetFullName(),
		BaseSHA:  base.GetSHA(),
		BaseRef:  base.GetRef(),
		BaseRepo: base.GetRepo().GetFullName(),
	}
}
