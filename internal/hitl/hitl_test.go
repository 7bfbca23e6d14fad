package hitl

import (
	"bytes"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/transition"
)

const (
	repoName  = "Codertocat/Hello-World"
	prNumber  = 7
	branch    = "agent/story-001"
	storyPath = "stories/STORY-001.md"
)

var (
	agent    = githubtest.User{Login: "coding-agent"}
	reviewer = githubtest.User{Login: "reviewer"}
)

type fixture struct {
	t      *testing.T
	fake   *githubtest.Server
	client *github.Adapter
	base   []byte
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	fake := githubtest.New(t)
	client := fake.Adapter()
	base, err := os.ReadFile("../chatops/testdata/STORY-001.plan_review.md")
	if err != nil {
		t.Fatal(err)
	}
	fake.AddPullRequest(repoName, githubtest.PullRequest{Number: prNumber, Author: agent, HeadRef: branch, BaseRef: "main"})
	fake.SetPermission(repoName, reviewer.Login, "write")
	fake.SetFile(repoName, branch, storyPath, base)
	return &fixture{t: t, fake: fake, client: client, base: base}
}

// approve has the reviewer post /approve-plan and storygate record it.
func (f *fixture) approve(body string) []byte {
	f.t.Helper()
	id := f.fake.AddComment(repoName, prNumber, reviewer, body)
	raw := githubtest.LoadWebhook(f.t, "issue_comment.created", "", "", githubtest.OnPullRequest(repoName, prNumber), githubtest.WithComment(id, body, reviewer))
	ev, err := github.ParseEvent(github.EventIssueComment, raw)
	if err != nil {
		f.t.Fatal(err)
	}
	deps := chatops.Deps{GitHub: f.client, Config: config.Default(), Now: func() time.Time { return time.Date(2026, 5, 28, 12, 0, 0, 0, time.UTC) },
		Stories: func(context.Context, github.PullRequest) ([]string, error) { return []string{storyPath}, nil }}
	if out, err := chatops.Handle(context.Background(), deps, ev); err != nil || out.Result != chatops.Applied {
		f.t.Fatalf("approval not applied: %+v %v", out, err)
	}
	head, _, _ := f.fake.File(repoName, branch, storyPath)
	return head
}

func (f *fixture) check(head []byte) []Finding {
	f.t.Helper()
	pr, err := f.client.PullRequest(context.Background(), github.Repo{Owner: "Codertocat", Name: "Hello-World"}, prNumber)
	if err != nil {
		f.t.Fatal(err)
	}
	c := Checker{GitHub: f.client, Repo: github.Repo{Owner: "Codertocat", Name: "Hello-World"}, PR: pr, Approvers: config.Default().Approvers}
	fs, err := c.Check(context.Background(), []rules.Unit{{Base: story.Parse(storyPath, f.base), Head: story.Parse(storyPath, head)}})
	if err != nil {
		f.t.Fatal(err)
	}
	if len(fs) != 1 {
		f.t.Fatalf("%d findings, want one for the one new decision: %+v", len(fs), fs)
	}
	return fs
}

func TestApprovalFromAuthorizedCommentIsVerified(t *testing.T) {
	f := newFixture(t)
	fs := f.check(f.approve("/approve-plan fine"))
	if fs[0].Status != Verified || fs[0].Reason != "@reviewer" || len(Diagnostics(fs)) != 0 {
		t.Errorf("finding %+v, diagnostics %v: want verified by @reviewer", fs[0], Diagnostics(fs))
	}
}

func TestDecisionWithoutBackingCommentFails(t *testing.T) {
	f := newFixture(t)
	out, err := transition.Decide(story.Parse(storyPath, f.base), transition.Decision{Event: "approve_plan", Rationale: "self-approved",
		By: "coding-agent", Source: "none", Date: time.Now(), At: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	fs := f.check(out)
	ds := Diagnostics(fs)
	if fs[0].Status != Unverified || len(ds) != 1 || ds[0].Rule != RuleID || !strings.Contains(ds[0].Message, "no **Source:**") {
		t.Fatalf("finding %+v, diagnostics %v: want %s for a missing source", fs[0], ds, RuleID)
	}
	if d := story.Parse(storyPath, out).Decisions()[0]; ds[0].Line != d.Heading.Pos.Line {
		t.Errorf("diagnostic at line %d, want the decision heading's line %d", ds[0].Line, d.Heading.Pos.Line)
	}
}

func TestForgedSourcesFail(t *testing.T) {
	f := newFixture(t)
	head := f.approve("/approve-plan")
	cases := map[string]func(id int64) string{
		"comment by the PR author": func(int64) string { return sourceOf(f.fake.AddComment(repoName, prNumber, agent, "/approve-plan")) },
		"comment saying another command": func(int64) string {
			return sourceOf(f.fake.AddComment(repoName, prNumber, reviewer, "/reject-plan"))
		},
		"missing comment": func(int64) string { return sourceOf(99999) },
		"edited comment": func(id int64) string {
			f.fake.EditComment(id, "/approve-plan (edited)")
			return sourceOf(id)
		},
	}
	want := map[string]string{"comment by the PR author": "opened this pull request", "comment saying another command": "does not decide approve_plan",
		"missing comment": "does not exist", "edited comment": "was edited"}
	for name, forge := range cases {
		t.Run(name, func(t *testing.T) {
			id := f.fake.AddComment(repoName, prNumber, reviewer, "/approve-plan")
			src := forge(id)
			forged := replaceSource(t, head, src)
			fs := f.check(forged)
			if fs[0].Status != Unverified || !strings.Contains(fs[0].Reason, want[name]) {
				t.Errorf("finding %+v, want unverified with %q", fs[0], want[name])
			}
		})
	}
}

func sourceOf(id int64) string {
	return "https://github.com/" + repoName + "/pull/7#issuecomment-" + strconv.FormatInt(id, 10)
}

func replaceSource(t *testing.T, head []byte, src string) []byte {
	t.Helper()
	d := story.Parse(storyPath, head).Decisions()[0]
	old, _ := d.Field("Source")
	return bytes.Replace(head, []byte("**Source:** "+old.Value), []byte("**Source:** "+src), 1)
}

func TestApprovalFollowedByPlanEditIsStale(t *testing.T) {
	f := newFixture(t)
	head := f.approve("/approve-plan")
	edited := bytes.Replace(head, []byte("1. Write it."), []byte("1. Write it.\n2. Also rewrite the auth layer."), 1)
	fs := f.check(edited)
	if fs[0].Status != Stale || !strings.Contains(fs[0].Reason, "contract or Plan v1 changed") {
		t.Fatalf("finding %+v, want stale", fs[0])
	}
	if md := Markdown(fs); !strings.Contains(md, "⚠️ stale") || !strings.Contains(md, "| STORY-001 | Decision 1: `approve_plan` at `plan_review` |") {
		t.Errorf("markdown lacks the stale decision:\n%s", md)
	}
}
