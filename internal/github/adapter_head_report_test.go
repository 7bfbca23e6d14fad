package github_test

import (
	"context"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// The heads a pull request moves between.
const (
	headX = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	headY = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
)

// postReport posts report as head's on pull request 7.
func postReport(t *testing.T, a *github.Adapter, head, report string) github.HeadReport {
	t.Helper()
	out, err := a.PostHeadReport(context.Background(), repo, 7, marker, head, report)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// onlyReport fails unless the pull request has exactly one comment, the
// report of head saying want.
func onlyReport(t *testing.T, fake *githubtest.Server, head, want string) githubtest.Comment {
	t.Helper()
	comments := fake.Comments(repoName, 7)
	if len(comments) != 1 {
		t.Fatalf("%d comments, want exactly one: %+v", len(comments), comments)
	}
	c := comments[0]
	if got, _ := github.ReportedHead(c.Body); got != head || !github.StickyMarked(c.Body, marker) || !strings.HasSuffix(c.Body, "\n"+want) {
		t.Fatalf("the comment reports %q: %q; want %q's %q", got, c.Body, head, want)
	}
	return c
}

// TestHeadReportIsEditedOnlyForItsOwnHead: a re-run of a head edits its
// report in place (or leaves it when it means the same); a new head's
// report is a new comment and the older one is deleted, since editing
// another head's report is what a stale run must never do.
func TestHeadReportIsEditedOnlyForItsOwnHead(t *testing.T) {
	a, fake, _ := setup(t)
	fake.AddPullRequest(repoName, githubtest.PullRequest{Number: 7, HeadSHA: headX})
	first := postReport(t, a, headX, "report v1")
	if first.Result != github.StickyCreated || first.PullHead != headX {
		t.Fatalf("first report: %+v", first)
	}
	for _, tt := range []struct {
		report string
		want   github.StickyResult
	}{{"report v1", github.StickyUnchanged}, {"report v2", github.StickyUpdated}} {
		if got := postReport(t, a, headX, tt.report); got.Result != tt.want || got.Comment.ID != first.Comment.ID {
			t.Errorf("a re-run saying %q: %s on %d, want %s on %d", tt.report, got.Result, got.Comment.ID, tt.want, first.Comment.ID)
		}
	}
	onlyReport(t, fake, headX, "report v2")
	fake.MoveHead(repoName, 7, headY)
	if got := postReport(t, a, headY, "report of Y"); got.Result != github.StickyCreated || got.Comment.ID <= first.Comment.ID {
		t.Errorf("a new head's report: %s on %d, want a new comment", got.Result, got.Comment.ID)
	}
	onlyReport(t, fake, headY, "report of Y")
	if n := len(fake.CallsTo("PATCH", commentRoute)); n != 1 {
		t.Errorf("%d edits, want only the re-run's", n)
	}
}

// TestStaleHeadReportLandingLastIsWithdrawn: the attack is the race a
// check before writing cannot close. The run for X checked that X was the
// head; its comment reaches GitHub only after the head moved to Y and
// Y's run finished. X reads the head again after writing and deletes its
// comment: Y's report stands. The control is X's run alone, whose report
// stays.
func TestStaleHeadReportLandingLastIsWithdrawn(t *testing.T) {
	for _, stale := range []bool{true, false} {
		a, fake, _ := setup(t)
		fake.AddPullRequest(repoName, githubtest.PullRequest{Number: 7, HeadSHA: headX})
		fake.AddComment(repoName, 7, githubtest.Bot, marker+"\nreport of an older head")
		held := fake.PauseNext("POST", listRoute)
		done := make(chan github.HeadReport)
		go func() { done <- postReport(t, a, headX, "report of X") }()
		<-held.Arrived()
		if stale {
			fake.MoveHead(repoName, 7, headY)
			if got := postReport(t, a, headY, "report of Y"); got.Result != github.StickyCreated {
				t.Errorf("Y's run: %+v", got)
			}
		}
		held.Release()
		x := <-done
		if !stale {
			if x.Result != github.StickyCreated {
				t.Errorf("control: X's run alone: %+v", x)
			}
			onlyReport(t, fake, headX, "report of X")
			continue
		}
		if x.Result != github.StickySuperseded || x.PullHead != headY {
			t.Errorf("X's run after Y's: %s, head %s; want superseded by Y", x.Result, x.PullHead)
		}
		onlyReport(t, fake, headY, "report of Y")
	}
}
