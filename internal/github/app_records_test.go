package github_test

import (
	"context"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// TestInAppModeAWorkflowsRecordsAreNotStorygates: storygate runs as its
// App; a workflow of the repository posted, with its GITHUB_TOKEN
// (github-actions[bot] through GitHub Actions), exactly what storygate
// would: the sticky comment of the head, a reply, a drift issue. None is
// taken for storygate's: the report is written anew rather than kept as
// "unchanged", the reply whose answer was lost is sent again rather than
// found, the drift issue is not found. Each control is the same record
// posted by the App itself, which is.
func TestInAppModeAWorkflowsRecordsAreNotStorygates(t *testing.T) {
	t.Parallel()
	const reply = "<!-- storygate:reply -->\nreceipt of comment 41"
	type poster struct {
		author githubtest.User
		app    int64
	}
	workflow := poster{githubtest.Bot, githubtest.ActionsAppID}
	app := poster{githubtest.AppBot(storygateAppID), storygateAppID}
	records := map[string]struct {
		seed func(f *githubtest.Server, p poster)
		// taken runs storygate's operation and reports whether it took
		// the seeded record for its own.
		taken func(t *testing.T, a *github.Adapter, f *githubtest.Server) bool
	}{
		"sticky comment": {
			seed: func(f *githubtest.Server, p poster) {
				seedPullRequest(f)
				f.AddAppComment(repoName, 7, p.author, p.app, stickyBody("report"))
			},
			taken: func(t *testing.T, a *github.Adapter, f *githubtest.Server) bool {
				got := must[github.HeadReport](t)(a.PostHeadReport(context.Background(), repo, 7, marker, stickyHead, "report"))
				return got.Result == github.StickyUnchanged && len(f.Comments(repoName, 7)) == 1
			},
		},
		"reply": {
			seed: func(f *githubtest.Server, p poster) { f.AddAppComment(repoName, 7, p.author, p.app, reply) },
			taken: func(t *testing.T, a *github.Adapter, f *githubtest.Server) bool {
				f.Inject("POST", listRoute, githubtest.Reset, 1)
				must[github.Comment](t)(a.CreateComment(context.Background(), repo, 7, reply))
				return len(f.Comments(repoName, 7)) == 1
			},
		},
		"drift issue": {
			seed: func(f *githubtest.Server, p poster) {
				f.AddIssue(repoName, githubtest.Issue{Title: "drift", Body: driftMarker + "\nfails", Author: p.author, App: p.app})
			},
			taken: func(t *testing.T, a *github.Adapter, _ *githubtest.Server) bool {
				return len(must[[]github.Issue](t)(a.FindIssues(context.Background(), repo, driftMarker))) == 1
			},
		},
	}
	for name, r := range records {
		for _, tc := range []struct {
			by   string
			p    poster
			want bool
		}{{"a workflow's GITHUB_TOKEN", workflow, false}, {"the App (control)", app, true}} {
			t.Run(name+"/"+tc.by, func(t *testing.T) {
				t.Parallel()
				a, fake := setupApp(t, func(context.Context, time.Duration) error { return nil })
				r.seed(fake, tc.p)
				if got := r.taken(t, a, fake); got != tc.want {
					t.Errorf("taken for storygate's = %v, want %v\ncalls: %s", got, tc.want, callLog(fake))
				}
			})
		}
	}
}
