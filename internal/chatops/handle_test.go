package chatops

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/transition"
)

func TestAuthorizedApprovePlanMovesStoryToReady(t *testing.T) {
	f := newFixture(t)
	ev := f.comment(reviewer, "/Approve-Plan the plan is small and testable\nSteps match the contract.")
	out := f.handle(ev)
	if out.Result != Applied || out.Event != "approve_plan" {
		t.Fatalf("outcome %+v, want approve_plan applied", out)
	}
	s := story.Parse(storyPath, f.storyNow())
	if s.Front.State.Value != "ready" {
		t.Errorf("state %s, want ready", s.Front.State.Value)
	}
	assertValidates(t, f.storyNow())
	d := onlyDecision(t, s)
	assertField(t, d, "Source", fmt.Sprintf("https://github.com/%s/pull/%d#issuecomment-%d", repoName, prNumber, ev.Comment.ID))
	assertField(t, d, "Rationale", "the plan is small and testable Steps match the contract.")
	assertField(t, d, "At state", "plan_review")
	want, _ := transition.ContentDigest(s, "Plan v1")
	assertField(t, d, "Digest", want+" (contract + Plan v1)")
	commits := f.commits()
	if len(commits) != 1 || out.Commit != commits[0].SHA {
		t.Errorf("commits %+v, outcome commit %s: want exactly the one reported", commits, out.Commit)
	}
	if !slices.Equal(f.reruns, []string{out.Commit}) {
		t.Errorf("gate re-runs %v, want one on %s", f.reruns, out.Commit)
	}
	if r := f.fake.Comments(repoName, prNumber)[0].Reactions; !slices.Equal(r, []string{"+1"}) {
		t.Errorf("reactions %v, want +1", r)
	}
}

// assertValidates runs the whole lint on the content as a checkout would have it.
func assertValidates(t *testing.T, content []byte) {
	t.Helper()
	root := t.TempDir()
	p := filepath.Join(root, filepath.FromSlash(storyPath))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, content, 0o644); err != nil {
		t.Fatal(err)
	}
	tg, err := target.Open(target.Options{Root: root, Policy: newFixture(t).cfg})
	if err != nil {
		t.Fatal(err)
	}
	res, err := lint.Run(lint.Options{Target: tg})
	if err != nil {
		t.Fatal(err)
	}
	if res.Files != 1 {
		t.Fatalf("lint checked %d files, want 1", res.Files)
	}
	for _, d := range res.Diagnostics {
		if d.Severity == diag.SeverityError {
			t.Errorf("committed story has an error: %s", d)
		}
	}
}

func onlyDecision(t *testing.T, s *story.Story) story.Decision {
	t.Helper()
	ds := s.Decisions()
	if len(ds) != 1 {
		t.Fatalf("story has %d decisions, want 1", len(ds))
	}
	rows, _ := s.Log()
	humans := 0
	for _, r := range rows {
		if story.Token(r.Actor.Text) == "human" {
			humans++
		}
	}
	if humans != 1 {
		t.Errorf("log has %d human rows, want 1", humans)
	}
	return ds[0]
}

func assertField(t *testing.T, d story.Decision, name, want string) {
	t.Helper()
	if f, ok := d.Field(name); !ok || f.Value != want {
		t.Errorf("**%s:** %q, want %q", name, f.Value, want)
	}
}

func TestRefusalsReplyWithReasonAndWhatIsAllowed(t *testing.T) {
	cases := []struct {
		name   string
		author githubtest.User
		setup  func(f *fixture)
		body   string
		edited bool
		reason string
	}{
		{"non-collaborator", githubtest.User{Login: "stranger"}, nil, "/approve-plan", false, "@stranger has none permission"},
		{"read-only collaborator", githubtest.User{Login: "reader"}, func(f *fixture) { f.fake.SetPermission(repoName, "reader", "read") }, "/approve-plan", false, "@reader has read permission"},
		{"PR author", agent, nil, "/approve-plan", false, "opened this pull request"},
		{"bot", githubtest.User{Login: "helper[bot]", Type: "Bot"}, func(f *fixture) { f.fake.SetPermission(repoName, "helper[bot]", "write") }, "/approve-plan", false, "is a bot account"},
		{"agent account", githubtest.User{Login: "ghost-agent"}, func(f *fixture) {
			f.fake.SetPermission(repoName, "ghost-agent", "admin")
			f.cfg.Approvers.Deny = []string{"ghost-agent"}
		}, "/approve-plan", false, "configured agent account"},
		{"edited comment", reviewer, nil, "/approve-plan", true, "edited comments never decide"},
		{"wrong state", reviewer, nil, "/accept-result", false, "STORY-001 is at `plan_review`, and `/accept-result` applies only at `evaluation_review`"},
		{"bad target", reviewer, nil, "/unblock somewhere", false, "/unblock needs a target"},
		{"unknown story", reviewer, nil, "/approve-plan STORY-404", false, "no story STORY-404"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			if c.setup != nil {
				c.setup(f)
			}
			before := f.storyNow()
			ev := f.comment(c.author, c.body)
			if c.edited {
				f.fake.EditComment(ev.Comment.ID, c.body+" (edited)")
				ev = f.event("issue_comment.edited", ev.Comment.ID, c.body+" (edited)", c.author)
			}
			out := f.handle(ev)
			if out.Result != Refused || !strings.Contains(out.Reason, c.reason) {
				t.Fatalf("outcome %+v, want refused with %q", out, c.reason)
			}
			assertRefusalReply(t, f, c.reason, before)
		})
	}
}

func assertRefusalReply(t *testing.T, f *fixture, reason string, before []byte) {
	t.Helper()
	if !bytes.Equal(f.storyNow(), before) || len(f.commits()) != 0 {
		t.Error("a refused command changed the story")
	}
	replies := f.replies()
	if len(replies) != 1 {
		t.Fatalf("%d replies, want 1", len(replies))
	}
	body := replies[0].Body
	for _, want := range []string{reason, "STORY-001 (`stories/STORY-001.md`) is at `plan_review`: `/approve-plan`, `/reject-plan`, `/block`", "Who may decide: write permission"} {
		if !strings.Contains(body, want) {
			t.Errorf("reply lacks %q:\n%s", want, body)
		}
	}
	if len(command.Parse(body)) != 0 {
		t.Errorf("the reply itself holds commands:\n%s", body)
	}
}

func TestConcurrentPushIsKeptAndDecisionRecordedOnce(t *testing.T) {
	f := newFixture(t)
	f.fake.ConcurrentPushOnce(repoName, headBranch, storyPath, func(old []byte) []byte {
		return bytes.Replace(old, []byte("priority: high"), []byte("priority: low"), 1)
	})
	out := f.handle(f.comment(reviewer, "/approve-plan"))
	if out.Result != Applied {
		t.Fatalf("outcome %+v, want applied after the conflict", out)
	}
	now := f.storyNow()
	if !bytes.Contains(now, []byte("priority: low")) {
		t.Error("the concurrent push was lost")
	}
	onlyDecision(t, story.Parse(storyPath, now))
	if puts := f.fake.CallsTo("PUT", "/repos/{owner}/{repo}/contents/{path}"); len(puts) != 2 || puts[0].Status != 409 {
		t.Errorf("writes %d (first status %d), want a 409 then one success", len(puts), puts[0].Status)
	}
	assertValidates(t, now)
}

// TestReplayedEventRecordsNothing: a redelivered event commits and replies
// nothing new, but still reacts and gates the decision's commit, so the
// required checks report on it.
func TestReplayedEventRecordsNothing(t *testing.T) {
	f := newFixture(t)
	ev := f.comment(reviewer, "/approve-plan")
	first := f.handle(ev)
	after := f.storyNow()
	again := f.handle(ev)
	if again.Result != Duplicate || again.Commit != first.Commit {
		t.Fatalf("replay outcome %+v, want duplicate on %s", again, first.Commit)
	}
	if !bytes.Equal(f.storyNow(), after) || len(f.commits()) != 1 || len(f.replies()) != 1 {
		t.Error("a replayed event wrote, committed or replied again")
	}
	if !slices.Equal(f.reruns, []string{first.Commit, first.Commit}) {
		t.Errorf("gate runs %v, want the decision commit gated again", f.reruns)
	}
}

func TestHelpAndUnknownCommandsListWhatIsLegal(t *testing.T) {
	for body, want := range map[string]string{"/storygate help": "What can be decided now", "/lgtm": "`/lgtm` is not a storygate command"} {
		f := newFixture(t)
		if out := f.handle(f.comment(githubtest.User{Login: "anyone"}, body)); out.Result != Answered {
			t.Fatalf("%s: outcome %+v, want answered", body, out)
		}
		replies := f.replies()
		if len(replies) != 1 || !strings.Contains(replies[0].Body, want) || !strings.Contains(replies[0].Body, "`/approve-plan`, `/reject-plan`, `/block`") {
			t.Errorf("%s: replies %+v", body, replies)
		}
	}
}

func TestCommentsWithoutCommandsAreIgnored(t *testing.T) {
	f := newFixture(t)
	for _, body := range []string{"looks good to me", "see /path/to/file", "```\n/approve-plan\n```", " /approve-plan", ReplyMarker + "\n/approve-plan"} {
		if out := f.handle(f.comment(reviewer, body)); out.Result != Ignored {
			t.Errorf("%q: outcome %+v, want ignored", body, out)
		}
	}
	if len(f.commits()) != 0 || len(f.replies()) != 0 {
		t.Error("an ignored comment wrote or replied")
	}
}
