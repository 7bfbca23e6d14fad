package github_test

import (
	"context"
	"testing"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

func TestPermission(t *testing.T) {
	a, fake, _ := setup(t)
	for user, role := range map[string]string{"admin": "admin", "maint": "maintain", "writer": "write", "triager": "triage", "reader": "read", "outsider": "none"} {
		fake.SetPermission(repoName, user, role)
	}
	want := map[string]github.Permission{
		"admin": github.PermissionAdmin, "maint": github.PermissionMaintain, "writer": github.PermissionWrite,
		"triager": github.PermissionTriage, "reader": github.PermissionRead, "outsider": github.PermissionNone,
		"stranger": github.PermissionNone, // 404
	}
	for user, w := range want {
		got, err := a.Permission(context.Background(), repo, user)
		if err != nil || got != w {
			t.Errorf("%s: %v, %v; want %v", user, got, err, w)
		}
	}
}

func TestTeamMembership(t *testing.T) {
	a, fake, _ := setup(t)
	fake.AddTeamMember("octo", "approvers", "alice", "active")
	fake.AddTeamMember("octo", "approvers", "bob", "pending")
	for user, want := range map[string]bool{"alice": true, "bob": false, "carol": false} {
		got, err := a.IsTeamMember(context.Background(), "octo", "approvers", user)
		if err != nil || got != want {
			t.Errorf("%s: %v, %v; want %v", user, got, err, want)
		}
	}
}

func TestPullRequest(t *testing.T) {
	a, fake, _ := setup(t)
	fake.AddPullRequest(repoName, githubtest.PullRequest{Number: 3, Author: githubtest.User{Login: "agent"}, HeadSHA: "h", HeadRef: "feature", BaseSHA: "b", BaseRef: "main"})
	fake.AddPullRequest(repoName, githubtest.PullRequest{Number: 4, HeadRepo: "someone/demo", HeadSHA: "h2", BaseRef: "main"})
	ctx := context.Background()
	pr := must[github.PullRequest](t)(a.PullRequest(ctx, repo, 3))
	if pr.Number != 3 || pr.Author.Login != "agent" || pr.HeadSHA != "h" || pr.HeadRef != "feature" || pr.BaseSHA != "b" || pr.BaseRef != "main" || pr.IsFork() {
		t.Errorf("pr 3 = %+v", pr)
	}
	if fork := must[github.PullRequest](t)(a.PullRequest(ctx, repo, 4)); !fork.IsFork() || fork.HeadRepo != "someone/demo" {
		t.Errorf("pr 4 = %+v, want a fork", fork)
	}
	if _, err := a.PullRequest(ctx, repo, 99); !errorsIs(err, github.ErrNotFound) {
		t.Errorf("missing PR: err = %v", err)
	}
}
