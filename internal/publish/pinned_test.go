package publish

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// TestTheStickyCommentSaysWhenItIsForgeable: the sticky comment says at
// its top that its checks and receipts are forgeable by any workflow of
// the repository unless both are pinned to storygate's own App: the
// trusted policy pins the receipts to it (approvers.recorder_app_id) and
// publishing posts through it. A policy that pins GitHub Actions, or no
// app, is Actions-only mode. Credentials that are not the App the policy
// pins (a workflow's GITHUB_TOKEN, another App) write nothing at all: no
// check run, no comment.
func TestTheStickyCommentSaysWhenItIsForgeable(t *testing.T) {
	t.Parallel()
	const app = 42
	for _, tc := range []struct {
		name      string
		asApp     bool
		approvers *config.Approvers
		forgeable bool
		refused   bool
	}{
		{name: "the App, pinned by the policy", asApp: true, approvers: &config.Approvers{Recorder: "app-42[bot]", RecorderAppID: app}},
		{name: "the App, the policy pinning no app", asApp: true, approvers: &config.Approvers{Recorder: "app-42[bot]"}, forgeable: true},
		{name: "the App, no policy", asApp: true, forgeable: true},
		{name: "the App, the policy pinning another", asApp: true, approvers: &config.Approvers{Recorder: "app-43[bot]", RecorderAppID: 43}, refused: true},
		{name: "GITHUB_TOKEN, the policy pinning the App", approvers: &config.Approvers{Recorder: "app-42[bot]", RecorderAppID: app}, refused: true},
		{name: "GITHUB_TOKEN, the policy pinning GitHub Actions", approvers: &config.Approvers{RecorderAppID: github.ActionsAppID}, forgeable: true},
		{name: "GITHUB_TOKEN, the default policy", approvers: &config.Approvers{}, forgeable: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fake, gh := newClient(t)
			if tc.asApp {
				gh = fake.AppAdapter(app, 7, github.RetryPolicy{})
			}
			_, err := ToGitHub(context.Background(), gh, results(1, 0), Target{Repo: repo, HeadSHA: head, PullRequest: 7, Approvers: tc.approvers})
			if tc.refused {
				if !errors.Is(err, github.ErrNotTheApp) || len(fake.CheckRuns()) != 0 || len(fake.Comments("octo/demo", 7)) != 0 {
					t.Errorf("err %v, check runs %+v, comments %+v: want ErrNotTheApp and nothing written", err, fake.CheckRuns(), fake.Comments("octo/demo", 7))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			comments := fake.Comments("octo/demo", 7)
			if len(comments) != 1 {
				t.Fatalf("comments %+v, want the sticky one", comments)
			}
			says := strings.Contains(comments[0].Body, "**Actions-only mode:** these checks and decision receipts")
			if says != tc.forgeable {
				t.Errorf("the comment says it is forgeable: %v, want %v\n%s", says, tc.forgeable, comments[0].Body)
			}
			want := int64(githubtest.ActionsAppID)
			if tc.asApp {
				want = app
			}
			if comments[0].App != want {
				t.Errorf("the comment was posted through app %d, want %d", comments[0].App, want)
			}
			for _, r := range fake.CheckRuns() {
				if r.App != want {
					t.Errorf("check run %s was made through app %d, want %d", r.Name, r.App, want)
				}
			}
		})
	}
}

// TestTheJobSummaryGoesByThePolicy: the job summary, written where no
// App may post, says the checks are forgeable unless the policy pins
// storygate to its App.
func TestTheJobSummaryGoesByThePolicy(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		approvers *config.Approvers
		forgeable bool
	}{
		{&config.Approvers{Recorder: "app-42[bot]", RecorderAppID: 42}, false},
		{&config.Approvers{RecorderAppID: github.ActionsAppID}, true},
		{&config.Approvers{}, true},
		{nil, true},
	} {
		if says := strings.Contains(Summary(results(1, 0), tc.approvers), "**Actions-only mode:**"); says != tc.forgeable {
			t.Errorf("%+v: the summary says it is forgeable: %v, want %v", tc.approvers, says, tc.forgeable)
		}
	}
}
