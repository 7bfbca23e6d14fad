package github_test

import (
	"context"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// credentials are the ways storygate authenticates, each with the account
// GitHub attributes its comments to.
func credentials() map[string]struct {
	opts    []githubtest.Option
	adapter func(t *testing.T, fake *githubtest.Server) *github.Adapter
	want    github.Self
} {
	token := func(_ *testing.T, fake *githubtest.Server) *github.Adapter { return fake.Adapter() }
	return map[string]struct {
		opts    []githubtest.Option
		adapter func(t *testing.T, fake *githubtest.Server) *github.Adapter
		want    github.Self
	}{
		"GITHUB_TOKEN": {adapter: token, want: github.Self{Login: "github-actions[bot]", Type: "Bot", AppID: github.ActionsAppID}},
		"a machine user's token": {opts: []githubtest.Option{githubtest.WithTokenUser(githubtest.User{Login: "acme-ci"})}, adapter: token,
			want: github.Self{Login: "acme-ci", Type: "User"}},
		"a GitHub App": {adapter: appAdapter, want: github.Self{Type: "Bot", AppID: 42}},
	}
}

// TestSelfIsTheAccountTheCredentialsPostAs: the account the adapter
// reports is the one GitHub attributes its comments to, asked at most
// once per adapter.
func TestSelfIsTheAccountTheCredentialsPostAs(t *testing.T) {
	for name, c := range credentials() {
		t.Run(name, func(t *testing.T) {
			fake := githubtest.New(t, c.opts...)
			a := c.adapter(t, fake)
			ctx := context.Background()
			for range 2 {
				if got, err := a.Self(ctx); err != nil || got != c.want {
					t.Fatalf("Self = %+v, %v; want %+v", got, err, c.want)
				}
			}
			if n := len(fake.CallsTo("GET", "/user")); n > 1 {
				t.Errorf("GET /user sent %d times, want at most once", n)
			}
			posted := must[github.Comment](t)(a.CreateComment(ctx, repo, 7, "hello"))
			listed := must[[]github.Comment](t)(a.ListComments(ctx, repo, 7))
			if len(listed) != 1 || listed[0].ID != posted.ID || !c.want.Authored(listed[0]) {
				t.Errorf("the adapter's own comment %+v is not Self's (%+v)", listed, c.want)
			}
		})
	}
}

// TestStickyCommentIsOnlyStorygatesOwnMarkedOnItsFirstLine: the sticky
// comment is storygate's own account's, marked on its first line. A
// look-alike another app or a person posted, storygate's own comment
// carrying the marker anywhere else (a reply quoting it, another root's
// report printing it) is neither adopted nor edited nor deleted: the
// report is posted anew. The control, storygate's own marked comment, is
// edited in place, with each kind of credentials.
func TestStickyCommentIsOnlyStorygatesOwnMarkedOnItsFirstLine(t *testing.T) {
	other := `<!-- storygate:sticky root="pkg-b" -->`
	cases := map[string]struct {
		author githubtest.User
		app    int64
		body   string
		own    bool
	}{
		"another app's look-alike":        {githubtest.User{Login: "agent-app[bot]", Type: "Bot"}, 77, marker + "\n## ✅ all gates pass", false},
		"a bot through no app":            {githubtest.User{Login: "agent-app[bot]", Type: "Bot"}, 0, marker + "\n## ✅ all gates pass", false},
		"a person's look-alike":           {githubtest.User{Login: "coding-agent"}, 0, marker + "\n## ✅ all gates pass", false},
		"storygate's reply quoting it":    {githubtest.Bot, github.ActionsAppID, "<!-- storygate:reply -->\n" + marker + "\n", false},
		"another root's report citing it": {githubtest.Bot, github.ActionsAppID, other + "\n```\n" + marker + "\n```\n", false},
		"the marker indented":             {githubtest.Bot, github.ActionsAppID, " " + marker + "\nold report", false},
		"storygate's own":                 {githubtest.Bot, github.ActionsAppID, stickyBody("old report"), true},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			a, fake, _ := setup(t)
			seeded := fake.AddAppComment(repoName, 7, c.author, c.app, c.body)
			got, res := upsert(t, a, fake, "new report")
			comments := fake.Comments(repoName, 7)
			if c.own {
				if res != github.StickyUpdated || got.ID != seeded || len(comments) != 1 {
					t.Errorf("storygate's own comment: %s on %d, %d comments; want it edited in place", res, got.ID, len(comments))
				}
				return
			}
			if res != github.StickyCreated || got.ID == seeded || len(comments) != 2 || comments[0].Body != c.body || comments[0].UpdatedAt.After(comments[0].CreatedAt) {
				t.Errorf("%s: %s on %d; comments %+v; want the report posted anew and the other left alone", name, res, got.ID, comments)
			}
		})
	}
	for name, c := range credentials() {
		t.Run("found again with "+name, func(t *testing.T) {
			fake := githubtest.New(t, c.opts...)
			a := c.adapter(t, fake)
			first, _ := upsert(t, a, fake, "report v1")
			second, res := upsert(t, a, fake, "report v2")
			if res != github.StickyUpdated || second.ID != first.ID || len(fake.Comments(repoName, 7)) != 1 {
				t.Errorf("second upsert: %s on %d (first %d), %d comments; want one, edited", res, second.ID, first.ID, len(fake.Comments(repoName, 7)))
			}
		})
	}
}

// FuzzStickyMarked: a body is marked only by the marker as its whole
// first line, so no other root's marker and no text after the first line
// can mark it.
func FuzzStickyMarked(f *testing.F) {
	f.Add(marker+"\nreport", marker)
	f.Add(`<!-- storygate:sticky root="pkg-b" -->`+"\n"+marker, marker)
	f.Add(" "+marker, marker)
	f.Fuzz(func(t *testing.T, body, m string) {
		if !github.StickyMarked(body, m) {
			return
		}
		if first, _, _ := strings.Cut(body, "\n"); first != m || m == "" {
			t.Fatalf("%q is taken as marked by %q, which is not its first line", body, m)
		}
	})
}
