package hitl

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/chatops/chatopstest"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/transition"
)

const storyPath = "stories/STORY-001.md"

// decidedAt is the time of decisions' log rows, after the fixtures' rows.
var decidedAt = time.Date(2026, 5, 30, 12, 0, 0, 0, time.UTC)

var (
	agent    = chatopstest.Agent
	reviewer = chatopstest.Reviewer
)

// fixture is a pull request whose agent pushed STORY-001 (at a human gate)
// and, for stories at evaluation_review, the code its scope.write grants.
type fixture struct {
	t     *testing.T
	pr    *chatopstest.PR
	cfg   *config.Config
	paths []string
}

func newFixture(t *testing.T, storyFile string) *fixture {
	t.Helper()
	content, err := os.ReadFile("../chatops/testdata/" + storyFile)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{storyPath: string(content), "src/orders/validate.go": "package orders\n"}
	return &fixture{t: t, pr: chatopstest.New(t, files, files), cfg: config.Default(), paths: []string{storyPath}}
}

// history is the pull request's repository's history.
func (f *fixture) history() chatops.History {
	f.t.Helper()
	tg, err := target.Open(target.Options{Root: f.pr.Git.Root, Policy: config.Default()})
	if err != nil {
		f.t.Fatal(err)
	}
	h, err := chatops.NewHistory(tg)
	if err != nil {
		f.t.Fatal(err)
	}
	return h
}

// decide has the reviewer post body and storygate record it.
func (f *fixture) decide(body string) github.Event {
	f.t.Helper()
	ev := f.pr.Comment(reviewer, body)
	deps := chatops.Deps{GitHub: f.pr.Fake.Adapter(), Config: f.cfg, History: f.history(),
		Now:     func() time.Time { return decidedAt },
		Stories: func(context.Context, github.PullRequest, []string) ([]string, error) { return f.paths, nil }}
	if out, err := chatops.Handle(context.Background(), deps, ev); err != nil || out.Result != chatops.Applied {
		f.t.Fatalf("decision not applied: %+v %v", out, err)
	}
	return ev
}

// check gates the PR's head: the stories at f.paths, new since base, in a
// job whose checkout holds what GitHub does.
func (f *fixture) check() []Finding {
	f.t.Helper()
	f.pr.Pull()
	client := f.pr.Fake.Adapter()
	pr, err := client.PullRequest(context.Background(), chatopstest.Repo, chatopstest.Number)
	if err != nil {
		f.t.Fatal(err)
	}
	hist := f.history()
	var units []rules.Unit
	for _, p := range f.paths {
		s, err := chatops.StoryAt(hist, pr.HeadSHA, p)
		if err != nil {
			f.t.Fatal(err)
		}
		base, _ := chatops.StoryAt(hist, pr.BaseSHA, p)
		units = append(units, rules.Unit{Base: base, Head: s})
	}
	c := Checker{GitHub: client, Repo: chatopstest.Repo, PR: pr, Approvers: f.cfg.Approvers, History: hist, Head: pr.HeadSHA}
	fs, err := c.Check(context.Background(), units)
	if err != nil {
		f.t.Fatal(err)
	}
	return fs
}

// only asserts one finding with status and a reason containing want.
func only(t *testing.T, fs []Finding, status Status, want string) Finding {
	t.Helper()
	if len(fs) != 1 || fs[0].Status != status || !strings.Contains(fs[0].Reason, want) {
		t.Fatalf("findings %+v, want one %s with %q", fs, status, want)
	}
	return fs[0]
}

func (f *fixture) story() string { return string(f.pr.File(storyPath)) }

func TestRecordedApprovalIsVerified(t *testing.T) {
	f := newFixture(t, "STORY-001.plan_review.md")
	f.decide("/approve-plan fine")
	only(t, f.check(), Verified, "@reviewer")
}

// TestEntryWithoutStorygatesRecordIsUnverified: the agent writes the
// Decision entry itself, citing a real comment of an authorized reviewer,
// committed under the bot's git name, with a correct digest; or it posts
// a copy of the receipt from its own or another bot's account. None is a
// record by storygate's identity.
func TestEntryWithoutStorygatesRecordIsUnverified(t *testing.T) {
	cases := map[string]func(f *fixture, ev github.Event, r chatops.Receipt){
		"no receipt": func(*fixture, github.Event, chatops.Receipt) {},
		"receipt posted by the agent": func(f *fixture, _ github.Event, r chatops.Receipt) {
			f.pr.Fake.AddComment(chatopstest.RepoName, chatopstest.Number, agent, chatops.ReplyMarker+"\n"+r.Marker())
		},
		"receipt posted by another app": func(f *fixture, _ github.Event, r chatops.Receipt) {
			f.pr.Fake.AddAppComment(chatopstest.RepoName, chatopstest.Number, githubtest.User{Login: "helper[bot]", Type: "Bot"}, 77, r.Marker())
		},
	}
	for name, forge := range cases {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, "STORY-001.plan_review.md")
			seen := f.pr.Head()
			ev := f.pr.Comment(reviewer, "/approve-plan")
			s := story.Parse(storyPath, []byte(f.story()))
			out, err := transition.Decide(s, transition.Decision{Event: "approve_plan", Rationale: "ok", By: reviewer.Login,
				Source: chatopstest.SourceURL(ev.Comment.ID), Date: ev.Comment.CreatedAt, At: decidedAt})
			if err != nil {
				t.Fatal(err)
			}
			commit := f.pr.PushUnderName(agent, "github-actions[bot]", map[string]string{storyPath: string(out)}, "storygate: approve_plan STORY-001")
			forge(f, ev, honestReceipt(t, f, seen, ev.Comment.ID, commit))
			only(t, f.check(), Unverified, "left no record")
		})
	}
}

// honestReceipt is the receipt storygate would have posted.
func honestReceipt(t *testing.T, f *fixture, seen string, source int64, commit string) chatops.Receipt {
	t.Helper()
	hist := f.history()
	s, err := chatops.StoryAt(hist, seen, storyPath)
	if err != nil {
		t.Fatal(err)
	}
	cover := chatops.CoverFor(s, "approve_plan", "plan_review")
	content, err := chatops.ContentAt(hist, seen, storyPath, cover)
	if err != nil {
		t.Fatal(err)
	}
	return chatops.Receipt{Story: "STORY-001", Path: storyPath, Event: "approve_plan", At: "plan_review", Source: source,
		Head: seen, Digest: chatops.Digest(content), Covers: cover.String(), Commit: commit}
}

// TestPlanEditedAndDigestRecomputedIsStale: after a genuine approval the
// agent edits the plan and rewrites the entry's Digest to match; the record
// storygate left still holds the approved digest. Its control, a change
// outside what was approved, stays verified.
func TestPlanEditedAndDigestRecomputedIsStale(t *testing.T) {
	for name, c := range map[string]struct {
		from, to string
		status   Status
		want     string
	}{
		"plan edited":     {"1. Write it.", "1. Write it.\n2. Also rewrite the auth layer.", Stale, "contract + Plan v1 changed after the decision"},
		"limit raised":    {"max_iterations: 3", "max_iterations: 30", Stale, "changed after the decision"},
		"priority edited": {"priority: high", "priority: low", Verified, "@reviewer"},
	} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, "STORY-001.plan_review.md")
			f.decide("/approve-plan")
			edited := strings.Replace(f.story(), c.from, c.to, 1)
			s := story.Parse(storyPath, []byte(edited))
			sum, _ := transition.ContentDigest(s, "Plan v1")
			old, _ := s.Decisions()[0].Field("Digest")
			edited = strings.Replace(edited, old.Value, sum+" (contract + Plan v1)", 1)
			f.pr.Push(agent, map[string]string{storyPath: edited}, "agent tweaks the plan")
			fs := f.check()
			only(t, fs, c.status, c.want)
			if ds := Diagnostics(fs); c.status == Stale && (len(ds) != 1 || ds[0].Rule != StaleRuleID) {
				t.Errorf("diagnostics %v, want one %s", ds, StaleRuleID)
			}
		})
	}
}

// TestDecisionMovedToAnotherStoryIsUnverified: the agent moves a genuine
// approval of STORY-001 into STORY-002, which the approver never saw.
func TestDecisionMovedToAnotherStoryIsUnverified(t *testing.T) {
	f := newFixture(t, "STORY-001.plan_review.md")
	before := f.story()
	f.decide("/approve-plan")
	moved := strings.NewReplacer("id: STORY-001", "id: STORY-002", "# STORY-001", "# STORY-002").Replace(f.story())
	f.pr.Push(agent, map[string]string{storyPath: before, "stories/STORY-002.md": moved}, "move the approval")
	f.paths = []string{"stories/STORY-002.md"}
	only(t, f.check(), Unverified, "for STORY-001 in stories/STORY-001.md, not as this entry's approve_plan at plan_review for STORY-002 in stories/STORY-002.md")
}

// TestCodePushedAfterAcceptanceIsStale: /accept-result approves the code in
// scope.write as evaluated; code pushed afterwards voids it. Its control, a
// file outside the story's scope, leaves it verified.
func TestCodePushedAfterAcceptanceIsStale(t *testing.T) {
	for name, c := range map[string]struct {
		path   string
		status Status
		want   string
	}{
		"code in scope.write": {"src/orders/validate.go", Stale, "contract + Evaluation 2 + scope.write changed after the decision"},
		"file outside scope":  {"docs/notes.md", Verified, "@reviewer"},
	} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, "STORY-001.evaluation_review.md")
			f.decide("/accept-result the evaluation is convincing")
			f.pr.Push(agent, map[string]string{c.path: "package orders // unreviewed\n"}, "agent pushes after acceptance")
			only(t, f.check(), c.status, c.want)
		})
	}
}

// TestRecordNamingALaterHeadIsUnverified: a workflow on the agent's branch
// posting with GITHUB_TOKEN can author comments as github-actions[bot]. A
// receipt it forges for a genuine comment must still name the head GitHub's
// push records show at the comment's time, and the digest of that head.
func TestRecordNamingALaterHeadIsUnverified(t *testing.T) {
	f := newFixture(t, "STORY-001.plan_review.md")
	ev := f.pr.Comment(reviewer, "/approve-plan")
	changed := strings.Replace(f.story(), "1. Write it.", "1. Write something else.", 1)
	later := f.pr.Push(agent, map[string]string{storyPath: changed}, "plan changed after the comment")
	out, err := transition.Decide(story.Parse(storyPath, []byte(changed)), transition.Decision{Event: "approve_plan", By: reviewer.Login,
		Source: chatopstest.SourceURL(ev.Comment.ID), Date: ev.Comment.CreatedAt, At: decidedAt})
	if err != nil {
		t.Fatal(err)
	}
	commit := f.pr.Push(agent, map[string]string{storyPath: string(out)}, "record it")
	forged := honestReceipt(t, f, later, ev.Comment.ID, commit)
	f.pr.Fake.AddAppComment(chatopstest.RepoName, chatopstest.Number, githubtest.Bot, githubtest.ActionsAppID, forged.Reply(reviewer.Login))
	only(t, f.check(), Unverified, fmt.Sprintf("names %s as the head the commenter saw", github.ShortSHA(later)))
}

// TestEditedSourceOrReceiptIsUnverified: an edited comment decides
// nothing, and an edited receipt records nothing.
func TestEditedSourceOrReceiptIsUnverified(t *testing.T) {
	for name, want := range map[string]string{"source": "was edited", "receipt": "left no record"} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, "STORY-001.plan_review.md")
			ev := f.decide("/approve-plan")
			id := ev.Comment.ID
			if name == "receipt" {
				id = f.pr.Fake.Comments(chatopstest.RepoName, chatopstest.Number)[1].ID
			}
			f.pr.Fake.EditComment(id, "/approve-plan (edited)")
			only(t, f.check(), Unverified, want)
		})
	}
}

func TestDecisionWithoutSourceIsUnverified(t *testing.T) {
	f := newFixture(t, "STORY-001.plan_review.md")
	out, err := transition.Decide(story.Parse(storyPath, []byte(f.story())), transition.Decision{Event: "approve_plan", Rationale: "self-approved",
		By: "coding-agent", Source: "none", Date: decidedAt, At: decidedAt})
	if err != nil {
		t.Fatal(err)
	}
	f.pr.Push(agent, map[string]string{storyPath: string(out)}, "self-approve")
	fs := f.check()
	ds := Diagnostics(fs)
	only(t, fs, Unverified, "no **Source:**")
	if len(ds) != 1 || ds[0].Rule != RuleID || ds[0].Line != story.Parse(storyPath, out).Decisions()[0].Heading.Pos.Line {
		t.Errorf("diagnostics %v, want one %s at the decision heading", ds, RuleID)
	}
	if md := Markdown(fs); !strings.Contains(md, "❌ unverified") || !strings.Contains(md, "| STORY-001 | Decision 1: `approve_plan` at `plan_review` |") {
		t.Errorf("markdown lacks the decision:\n%s", md)
	}
}
