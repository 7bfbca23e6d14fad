// Package chatopstest builds a pull request whose history exists twice: as
// a git repository (the workflow's checkout, and the agent's clone) and in
// the fake GitHub (branch files, push records, comments). The commits the
// fake's contents API makes stay in the fake's own copy of the repository,
// as on GitHub: the checkout does not hold them, and the agent pulls them
// before it commits again.
package chatopstest

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// The pull request: Codertocat/Hello-World (the recorded payloads'
// repository) #7, opened by an agent account from a branch of the same
// repository.
const (
	RepoName = "Codertocat/Hello-World"
	Number   = 7
	Branch   = "agent/story-001"
)

// Accounts of the fixture: the agent opened the PR (and has admin, as an
// agent with push access may); the reviewer has write permission.
var (
	Agent    = githubtest.User{Login: "coding-agent"}
	Reviewer = githubtest.User{Login: "reviewer"}
	Repo     = github.Repo{Owner: "Codertocat", Name: "Hello-World"}
)

// PR is the pull request in both places.
type PR struct {
	t    testing.TB
	Fake *githubtest.Server
	Git  *testrepo.Repo
	// Base is the base commit.
	Base string
	// mu orders the repository's use by the test's goroutines; head is
	// the branch's last commit the repository holds.
	mu   sync.Mutex
	head string
}

// New seeds base with files, then has the agent push head files onto the
// PR branch.
func New(t testing.TB, base, head map[string]string) *PR {
	t.Helper()
	p := &PR{t: t, Fake: githubtest.New(t), Git: testrepo.New(t)}
	p.Git.Write(base)
	p.Base = p.Git.Commit("base")
	p.Fake.AddPullRequest(RepoName, githubtest.PullRequest{Number: Number, Author: Agent, HeadRef: Branch, BaseRef: "main", BaseSHA: p.Base})
	p.Fake.SetPermission(RepoName, Reviewer.Login, "write")
	p.Fake.SetPermission(RepoName, Agent.Login, "admin")
	p.Fake.Backing(RepoName, p.Git.Root)
	p.Push(Agent, head, "agent work")
	return p
}

// Push commits files as pusher and pushes them to the PR branch: the
// fake's branch files, push record and PR head follow.
func (p *PR) Push(pusher githubtest.User, files map[string]string, msg string) string {
	p.t.Helper()
	head := p.commit(files, msg)
	for path, content := range files {
		p.Fake.SetFile(RepoName, Branch, path, []byte(content))
	}
	p.Fake.Push(RepoName, Branch, head, pusher)
	return head
}

// PushUnderName is Push with the commit's author and committer set to
// gitName: what an agent writes to pass its commit off as the bot's. Git
// names are free text; no check may rest on them.
func (p *PR) PushUnderName(pusher githubtest.User, gitName string, files map[string]string, msg string) string {
	p.t.Helper()
	p.mu.Lock()
	p.pull()
	p.Git.Write(files)
	p.head = CommitAs(p.t, p.Git.Root, gitName, msg)
	head := p.head
	p.mu.Unlock()
	for path, content := range files {
		p.Fake.SetFile(RepoName, Branch, path, []byte(content))
	}
	p.Fake.Push(RepoName, Branch, head, pusher)
	return head
}

func (p *PR) commit(files map[string]string, msg string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pull()
	p.Git.Write(files)
	p.head = p.Git.Commit(msg)
	return p.head
}

// Head is the PR branch's last commit (pushed, or made by the contents API).
func (p *PR) Head() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pull()
	return p.head
}

// Pull brings the commits the contents API made on the branch into the
// repository, as the checkout of a later job (a gate run) does when it
// starts.
func (p *PR) Pull() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pull()
}

// pull brings the commits the contents API made on the branch into the
// repository, as the agent's `git pull` would; p.head is the branch's head.
func (p *PR) pull() {
	p.t.Helper()
	if p.head == "" {
		return
	}
	p.Fake.Pull(RepoName, Branch, p.Git.Root)
	r, err := git.PlainOpen(p.Git.Root)
	if err != nil {
		p.t.Fatalf("open %s: %v", p.Git.Root, err)
	}
	head, err := r.Head()
	if err != nil {
		p.t.Fatalf("head of %s: %v", p.Git.Root, err)
	}
	p.head = head.Hash().String()
}

// Comment posts body as author and returns the issue_comment event, from
// the recorded webhook payload, that GitHub would deliver.
func (p *PR) Comment(author githubtest.User, body string) github.Event {
	p.t.Helper()
	id := p.Fake.AddComment(RepoName, Number, author, body)
	return p.Event("issue_comment.created", id, body, author)
}

// Event builds the issue_comment event payload for comment id.
func (p *PR) Event(payload string, id int64, body string, author githubtest.User) github.Event {
	p.t.Helper()
	raw := githubtest.LoadWebhook(p.t, payload, "", "", githubtest.OnPullRequest(RepoName, Number), githubtest.WithComment(id, body, author))
	ev, err := github.ParseEvent(github.EventIssueComment, raw)
	if err != nil {
		p.t.Fatalf("parse %s: %v", payload, err)
	}
	return ev
}

// File is path's content on the PR branch as GitHub has it.
func (p *PR) File(path string) []byte {
	p.t.Helper()
	content, _, ok := p.Fake.File(RepoName, Branch, path)
	if !ok {
		p.t.Fatalf("%s is gone from %s", path, Branch)
	}
	return content
}

// CommitAs commits every change in root with gitName (and its noreply
// address) as author and committer, as an agent passing its commit off as
// another account's would.
func CommitAs(t testing.TB, root, gitName, msg string) string {
	t.Helper()
	r, err := git.PlainOpen(root)
	if err != nil {
		t.Fatalf("open %s: %v", root, err)
	}
	wt, err := r.Worktree()
	if err != nil {
		t.Fatalf("worktree: %v", err)
	}
	if err := wt.AddWithOptions(&git.AddOptions{All: true}); err != nil {
		t.Fatalf("add: %v", err)
	}
	sig := &object.Signature{Name: gitName, Email: "41898282+" + gitName + "@users.noreply.github.com", When: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)}
	h, err := wt.Commit(msg, &git.CommitOptions{Author: sig, Committer: sig})
	if err != nil {
		t.Fatalf("commit: %v", err)
	}
	return h.String()
}

// SourceURL is the html_url GitHub gives comment id on the pull request,
// what a Decision entry's **Source:** names.
func SourceURL(id int64) string {
	return fmt.Sprintf("https://github.com/%s/pull/%d#issuecomment-%d", RepoName, Number, id)
}
