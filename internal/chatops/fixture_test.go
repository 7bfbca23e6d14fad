package chatops

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/chatops/chatopstest"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/target"
)

// The fixture: chatopstest's pull request, STORY-001 at plan_review on its
// head branch, pushed by the agent before anyone comments.
const (
	repoName   = chatopstest.RepoName
	prNumber   = chatopstest.Number
	headBranch = chatopstest.Branch
	storyPath  = "stories/STORY-001.md"
)

var (
	agent    = chatopstest.Agent
	reviewer = chatopstest.Reviewer
	clock    = time.Date(2026, 5, 28, 12, 0, 0, 0, time.UTC)
)

type fixture struct {
	t    *testing.T
	pr   *chatopstest.PR
	fake *githubtest.Server
	cfg  *config.Config
	// policy, when set, is what Deps.Policy returns (the base's policy).
	policy *config.Config
	// paths are the PR's stories (default: STORY-001).
	paths  []string
	mu     sync.Mutex
	reruns []string
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	pr := chatopstest.New(t, map[string]string{"README.md": "demo\n"},
		map[string]string{storyPath: string(readFixture(t, "STORY-001.plan_review.md"))})
	return &fixture{t: t, pr: pr, fake: pr.Fake, cfg: config.Default(), paths: []string{storyPath}}
}

// openHistory is the history of the repository at root, root its top.
func openHistory(t *testing.T, root string) History {
	t.Helper()
	return historyOf(t, root)
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
	d := Deps{GitHub: f.fake.Adapter(), Config: f.cfg, Now: func() time.Time { return clock },
		History: openHistory(f.t, f.pr.Git.Root),
		Stories: func(context.Context, github.PullRequest, []string) ([]string, error) { return f.paths, nil },
		Rerun: func(_ context.Context, _ github.PullRequest, sha string) error {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.reruns = append(f.reruns, sha)
			return nil
		}}
	if f.policy != nil {
		d.Policy = func(context.Context, github.PullRequest) (*config.Config, error) { return f.policy, nil }
	}
	return d
}

// comment posts body as author on the PR and returns the created event.
func (f *fixture) comment(author githubtest.User, body string) github.Event {
	f.t.Helper()
	return f.pr.Comment(author, body)
}

func (f *fixture) event(payload string, id int64, body string, author githubtest.User) github.Event {
	f.t.Helper()
	return f.pr.Event(payload, id, body, author)
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
	return f.pr.File(storyPath)
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

// commits are the commits the contents API made on the head branch.
func (f *fixture) commits() []githubtest.Commit {
	return f.fake.Commits(repoName, headBranch)
}

// historyOf is the history of root's target, opened with no base.
func historyOf(t *testing.T, root string) History {
	t.Helper()
	tg, err := target.Open(target.Options{Root: root, Policy: config.Default()})
	if err != nil {
		t.Fatal(err)
	}
	h, err := NewHistory(tg)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
