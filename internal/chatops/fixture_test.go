package chatops

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// The fixture: Codertocat/Hello-World (the recorded payloads' repository),
// pull request 7 by an agent account, STORY-001 at plan_review on its head
// branch.
const (
	repoName   = "Codertocat/Hello-World"
	prNumber   = 7
	headBranch = "agent/story-001"
	storyPath  = "stories/STORY-001.md"
)

var (
	agent    = githubtest.User{Login: "coding-agent"}
	reviewer = githubtest.User{Login: "reviewer"}
	clock    = time.Date(2026, 5, 28, 12, 0, 0, 0, time.UTC)
)

type fixture struct {
	t      *testing.T
	fake   *githubtest.Server
	client *github.Adapter
	cfg    *config.Config
	reruns []string
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	fake := githubtest.New(t)
	client := fake.Adapter()
	fake.AddPullRequest(repoName, githubtest.PullRequest{Number: prNumber, Author: agent, HeadRef: headBranch,
		HeadSHA: "1111111111111111111111111111111111111111", BaseRef: "main", BaseSHA: "2222222222222222222222222222222222222222"})
	fake.SetPermission(repoName, reviewer.Login, "write")
	fake.SetPermission(repoName, agent.Login, "admin")
	fake.SetFile(repoName, headBranch, storyPath, readFixture(t, "STORY-001.plan_review.md"))
	return &fixture{t: t, fake: fake, client: client, cfg: config.Default()}
}

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	src, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func (f *fixture) deps() Deps {
	return Deps{GitHub: f.client, Config: f.cfg, Now: func() time.Time { return clock },
		Stories: func(context.Context, github.PullRequest) ([]string, error) { return []string{storyPath}, nil },
		Rerun: func(_ context.Context, _ github.PullRequest, sha string) error {
			f.reruns = append(f.reruns, sha)
			return nil
		}}
}

// comment posts body as author on the PR and returns the created event.
func (f *fixture) comment(author githubtest.User, body string) github.Event {
	f.t.Helper()
	id := f.fake.AddComment(repoName, prNumber, author, body)
	return f.event("issue_comment.created", id, body, author)
}

func (f *fixture) event(payload string, id int64, body string, author githubtest.User) github.Event {
	f.t.Helper()
	raw := githubtest.LoadWebhook(f.t, payload, "", "", githubtest.OnPullRequest(repoName, prNumber),
		githubtest.WithComment(id, body, author))
	ev, err := github.ParseEvent(github.EventIssueComment, raw)
	if err != nil {
		f.t.Fatal(err)
	}
	return ev
}

func (f *fixture) handle(ev github.Event) Outcome {
	f.t.Helper()
	out, err := Handle(context.Background(), f.deps(), ev)
	if err != nil {
		f.t.Fatalf("Handle: %v", err)
	}
	return out
}

// storyNow is the story on the head branch.
func (f *fixture) storyNow() []byte {
	f.t.Helper()
	content, _, ok := f.fake.File(repoName, headBranch, storyPath)
	if !ok {
		f.t.Fatal("story is gone from the head branch")
	}
	return content
}

// replies are the comments storygate posted.
func (f *fixture) replies() []githubtest.Comment {
	var out []githubtest.Comment
	for _, c := range f.fake.Comments(repoName, prNumber) {
		if c.Author == githubtest.Bot {
			out = append(out, c)
		}
	}
	return out
}
