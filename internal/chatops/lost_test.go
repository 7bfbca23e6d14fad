package chatops

import (
	"encoding/base64"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/chatops/chatopstest"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestLostResponseStillRecordsReactsAndGates: the write lands but its
// answer is lost (a 502, or the connection reset); the retry meets a 409
// and finds the decision already there. The checkout, as in a real job,
// never holds the commit GitHub made: storygate finds and checks it through
// the API, then leaves its receipt, reacts and gates the decision's commit,
// exactly once. So it does when the answer of every resend is lost too
// (ErrAnswerLost: the re-read tells the write landed; the bot's
// TestLostDecisionWriteStillCompletes has the other shapes). The control,
// no fault, does the same through the normal path.
func TestLostResponseStillRecordsReactsAndGates(t *testing.T) {
	for _, c := range []struct {
		fault githubtest.Fault
		// times is how many PUTs the fault hits: 5 is the first and every
		// resend the transport makes.
		times int
		want  Result
	}{{0, 0, Applied}, {githubtest.AppliedThen5xx, 1, Duplicate}, {githubtest.AppliedThenReset, 1, Duplicate},
		{githubtest.AppliedThen5xx, 5, Duplicate}} {
		t.Run(fmt.Sprintf("%s ×%d", c.fault, c.times), func(t *testing.T) {
			f := newFixture(t)
			seen := f.pr.Head()
			f.fake.Inject("PUT", contentsRoute, c.fault, c.times)
			ev := f.comment(reviewer, "/approve-plan")
			out := f.handle(ev)
			commits := f.commits()
			if out.Result != c.want || len(commits) != 1 || out.Commit != commits[0].SHA {
				t.Fatalf("outcome %+v, commits %+v: want the one decision commit", out, commits)
			}
			if testrepo.HasCommit(t, f.pr.Git.Root, commits[0].SHA) {
				t.Fatal("the checkout holds the decision commit: the test would not show the recovery works in a real job")
			}
			if r := f.receiptOf(); r.Commit != commits[0].SHA || r.Source != ev.Comment.ID || r.At != "plan_review" || r.Head != seen {
				t.Errorf("receipt %+v, want comment %d at plan_review, seen %s, recorded by %s", r, ev.Comment.ID, seen, commits[0].SHA)
			}
			if !slices.Equal(f.reruns, []string{commits[0].SHA}) {
				t.Errorf("gate runs %v, want one on the decision commit", f.reruns)
			}
			if r := f.fake.Comments(repoName, prNumber)[0].Reactions; !slices.Equal(r, []string{"+1"}) {
				t.Errorf("reactions %v, want +1", r)
			}
		})
	}
}

// TestLookAlikeCommitIsNotTakenForTheLostWrite: storygate's write is
// dropped before it lands, and just before, a commit lands that looks like
// storygate's (its commit message, a Decision entry citing the comment):
// the 409's re-read finds the entry, but no commit on the branch is the one
// storygate wrote, so no receipt is posted, nothing is gated, and the
// reply says why. Pushed with the workflow's own identity (a workflow the
// agent added can push with it), the look-alike differs from what
// storygate wrote in one plan line; with exactly storygate's content, it
// was pushed by the agent. The control is
// TestLostResponseStillRecordsReactsAndGates.
func TestLookAlikeCommitIsNotTakenForTheLostWrite(t *testing.T) {
	written := storygateWrites(t)
	for name, c := range map[string]struct {
		pusher  githubtest.User
		content string
	}{
		"other content, pushed as the workflow":    {githubtest.Bot, strings.Replace(written, "1. Write it.", "1. Write something unreviewed.", 1)},
		"storygate's content, pushed by the agent": {agent, written},
	} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			msg := fmt.Sprintf("storygate: approve_plan STORY-001\n\nDecided by @%s in %s", reviewer.Login, chatopstest.SourceURL(2))
			f.fake.RacingCommitOnce(repoName, headBranch, storyPath, msg, c.pusher, func([]byte) []byte { return []byte(c.content) })
			f.fake.Inject("PUT", contentsRoute, githubtest.Reset, 1)
			ev := f.comment(reviewer, "/approve-plan")
			if ev.Comment.ID != 2 {
				t.Fatalf("comment %d, want 2: the look-alike cites another", ev.Comment.ID)
			}
			out := f.handle(ev)
			if got := sentContent(t, f.fake); got != written {
				t.Fatalf("storygate wrote\n%s\nnot what the fixture expects\n%s", got, written)
			}
			if out.Result != Refused || !strings.Contains(out.Reason, "is the one storygate wrote") {
				t.Fatalf("outcome %+v, want refused: no commit is storygate's", out)
			}
			for _, r := range f.replies() {
				if len(receiptsIn(r.Body)) != 0 {
					t.Errorf("storygate left a receipt for the look-alike:\n%s", r.Body)
				}
			}
			if len(f.reruns) != 0 || len(f.commits()) != 0 {
				t.Errorf("gate runs %v, storygate's commits %+v: want none", f.reruns, f.commits())
			}
		})
	}
}

// storygateWrites is the story file storygate commits for the reviewer's
// /approve-plan in a fixture of its own (the fake's clock and ids are the
// same in every fixture).
func storygateWrites(t *testing.T) string {
	t.Helper()
	f := newFixture(t)
	if out := f.handle(f.comment(reviewer, "/approve-plan")); out.Result != Applied {
		t.Fatalf("outcome %+v, want applied", out)
	}
	return string(f.storyNow())
}

// sentContent is the content of storygate's last contents write.
func sentContent(t *testing.T, fake *githubtest.Server) string {
	t.Helper()
	puts := fake.CallsTo("PUT", contentsRoute)
	if len(puts) == 0 {
		t.Fatal("storygate wrote nothing")
	}
	content, err := base64.StdEncoding.DecodeString(puts[len(puts)-1].JSON()["content"].(string))
	if err != nil {
		t.Fatal(err)
	}
	return string(content)
}
