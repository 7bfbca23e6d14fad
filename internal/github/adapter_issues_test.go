package github_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

const driftMarker = "<!-- storygate:drift story-017 -->"

func TestDriftIssueLifecycle(t *testing.T) {
	a, fake, _ := setup(t)
	ctx := context.Background()
	for i := range 150 {
		fake.AddIssue(repoName, githubtest.Issue{Title: fmt.Sprint("noise ", i), Body: "unrelated"})
	}
	fake.AddPullRequest(repoName, githubtest.PullRequest{Number: 500, Body: "PR quoting " + driftMarker})
	if found := must[[]github.Issue](t)(a.FindIssues(ctx, repo, driftMarker)); len(found) != 0 {
		t.Fatalf("found %+v before creating any", found)
	}
	created := must[github.Issue](t)(a.CreateIssue(ctx, repo, github.IssueRequest{Title: "story-017 drifted", Body: driftMarker + "\nfails", Labels: []string{"storygate"}}))
	if err := a.CloseIssue(ctx, repo, created.Number); err != nil {
		t.Fatal(err)
	}
	found := must[[]github.Issue](t)(a.FindIssues(ctx, repo, driftMarker))
	if len(found) != 1 || found[0].Number != created.Number || found[0].State != "closed" || found[0].Labels[0] != "storygate" {
		t.Fatalf("found = %+v, want the closed issue %d", found, created.Number)
	}
	open, body := "open", driftMarker+"\nfails again"
	updated := must[github.Issue](t)(a.UpdateIssue(ctx, repo, created.Number, github.IssueUpdate{State: &open, Body: &body}))
	if updated.State != "open" || updated.Body != body {
		t.Errorf("updated = %+v", updated)
	}
	if n := len(fake.Issues(repoName)); n != 151 {
		t.Errorf("issues = %d, want 151 (no duplicate)", n)
	}
}
