package chatops

import (
	"context"
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
)

// Authorizer decides who may take human decisions on a repository's pull
// requests: people holding the configured permission or in a configured
// team, never a bot or a configured agent account, and never the PR's
// author unless approvers.allow_author says so.
type Authorizer struct {
	Access    github.Access
	Repo      github.Repo
	Approvers config.Approvers
}

// Check returns "" when user may decide on a pull request authored by
// prAuthor, or the reason they may not. An error means GitHub could not
// answer, which refuses too (fail closed).
func (a Authorizer) Check(ctx context.Context, user, prAuthor github.User) (string, error) {
	if reason := a.neverDecides(user, prAuthor); reason != "" {
		return reason, nil
	}
	want, err := github.ParsePermission(a.Approvers.PermissionName())
	if err != nil {
		return "", fmt.Errorf("approvers.permission: %w", err)
	}
	have, err := a.Access.Permission(ctx, a.Repo, user.Login)
	if err != nil {
		return "", fmt.Errorf("permission of @%s: %w", user.Login, err)
	}
	if have.AtLeast(want) {
		return "", nil
	}
	inTeam, err := a.inTeam(ctx, user.Login)
	if err != nil || inTeam {
		return "", err
	}
	return fmt.Sprintf("@%s has %s permission on %s, and deciding needs %s", user.Login, have, a.Repo, a.Approvers.Who()), nil
}

// neverDecides names the accounts refused whatever their permission.
func (a Authorizer) neverDecides(user, prAuthor github.User) string {
	switch {
	case user.IsBot():
		return fmt.Sprintf("@%s is a bot account, and bots never take human decisions", user.Login)
	case a.denied(user.Login):
		return fmt.Sprintf("@%s is a configured agent account (approvers.deny), and agents never take human decisions", user.Login)
	case !a.Approvers.AllowAuthor && strings.EqualFold(user.Login, prAuthor.Login):
		return fmt.Sprintf("@%s opened this pull request, and its author cannot pass its human gates", user.Login)
	}
	return ""
}

func (a Authorizer) denied(login string) bool {
	for _, d := range a.Approvers.Deny {
		if strings.EqualFold(strings.TrimPrefix(d, "@"), login) {
			return true
		}
	}
	return false
}

// inTeam checks the configured teams: "org/team", or "team" in the
// repository owner's organization.
func (a Authorizer) inTeam(ctx context.Context, login string) (bool, error) {
	for _, team := range a.Approvers.Teams {
		org, slug := a.teamOf(team)
		ok, err := a.Access.IsTeamMember(ctx, org, slug, login)
		if err != nil {
			return false, fmt.Errorf("membership of @%s in %s/%s: %w", login, org, slug, err)
		}
		if ok {
			return true, nil
		}
	}
	return false, nil
}

func (a Authorizer) teamOf(team string) (org, slug string) {
	team = strings.TrimPrefix(team, "@")
	if org, slug, ok := strings.Cut(team, "/"); ok {
		return org, slug
	}
	return a.Repo.Owner, team
}
