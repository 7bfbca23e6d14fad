package github_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

func TestListCommentsReportsTheAppACommentWasPostedThrough(t *testing.T) {
	a, fake, _ := setup(t)
	person := githubtest.User{Login: "reviewer"}
	for i := range 130 { // more than one page
		fake.AddComment(repoName, 7, person, fmt.Sprint("comment ", i))
	}
	fake.AddAppComment(repoName, 7, githubtest.Bot, githubtest.ActionsAppID, "receipt")
	got := must[[]github.Comment](t)(a.ListComments(context.Background(), repo, 7))
	if len(got) != 131 {
		t.Fatalf("%d comments, want 131", len(got))
	}
	if last := got[130]; last.App.ID != githubtest.ActionsAppID || last.App.Slug != "github-actions" || last.Author.Type != "Bot" {
		t.Errorf("app comment %+v", last)
	}
	if got[0].App != (github.App{}) || got[0].Body != "comment 0" {
		t.Errorf("person's comment %+v", got[0])
	}
}

func TestPushesArePagedNewestFirst(t *testing.T) {
	a, fake, _ := setup(t)
	for i := range 105 {
		fake.Push(repoName, "feature", fmt.Sprintf("%040x", i+1), githubtest.User{Login: "coding-agent"})
	}
	fake.Push(repoName, "other", fmt.Sprintf("%040x", 999), githubtest.User{Login: "coding-agent"})
	got := must[[]github.Push](t)(a.Pushes(context.Background(), repo, "feature"))
	if len(got) != 105 || got[0].After != fmt.Sprintf("%040x", 105) || got[104].Kind != "branch_creation" || got[0].Before != got[1].After {
		t.Fatalf("%d pushes, first %+v", len(got), got[0])
	}
	if calls := fake.CallsTo("GET", "/repos/{owner}/{repo}/activity"); len(calls) != 2 {
		t.Errorf("%d activity calls, want 2 pages", len(calls))
	}
}

func TestHeadAtIsTheLastPushStrictlyBefore(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	pushes := []github.Push{{After: "c", At: t0.Add(2 * time.Minute)}, {After: "b", At: t0.Add(time.Minute)}, {After: "a", At: t0}}
	for _, c := range []struct {
		at   time.Time
		want string
		ok   bool
	}{
		{t0.Add(90 * time.Second), "b", true},
		{t0.Add(time.Minute + 500*time.Millisecond), "a", true}, // same second as b: b not yet seen
		{t0.Add(time.Hour), "c", true},
		{t0, "", false},
	} {
		if got, ok := github.HeadAt(pushes, c.at); got != c.want || ok != c.ok {
			t.Errorf("HeadAt(%s) = %q %v, want %q %v", c.at, got, ok, c.want, c.ok)
		}
	}
}

func TestQueuedPRReadsMergeQueueBranches(t *testing.T) {
	for ref, want := range map[string]int{
		"refs/heads/gh-readonly-queue/main/pr-104-929f8209d40f77f4abc622a499c93a83babdbe64": 104,
		"gh-readonly-queue/release/1.x/pr-7-929f8209d40f77f4abc622a499c93a83babdbe64":       7,
		"refs/heads/feature/pr-104-929f8209d40f77f4abc622a499c93a83babdbe64":                0,
		"refs/heads/gh-readonly-queue/main/pr-104":                                          0,
	} {
		if got := github.QueuedPR(ref); got != want {
			t.Errorf("QueuedPR(%q) = %d, want %d", ref, got, want)
		}
	}
}
