package github

import (
	"context"
	"errors"
	"fmt"
)

// StickySuperseded says PostHeadReport found, after writing, that the pull
// request's head is no longer the report's: what it created is deleted
// again, so a newer head's report is never buried under a stale one.
const StickySuperseded StickyResult = "superseded"

// HeadReport is what PostHeadReport did.
type HeadReport struct {
	// Comment is the sticky comment written or kept.
	Comment Comment
	// Result is created, updated, unchanged or superseded.
	Result StickyResult
	// PullHead is the pull request's head as GitHub named it after the
	// write.
	PullHead string
}

// PostHeadReport keeps the sticky comment the report of the pull
// request's newest head, even with runs for several heads at once. GitHub
// has no conditional write for comments, so a run never edits another
// head's report (a late edit by a stale run would erase the newer one
// for good): the comment is edited in place only when the newest sticky
// comment already reports head (a re-run), and is otherwise created anew,
// which erases nothing. After the write the pull request's head is read
// again: when it is still head, every older sticky comment is deleted;
// when it moved, a comment this run created is deleted again, and a newer
// head's run, whose comment is newer by GitHub's order (comment ids),
// keeps its own. So whichever way two runs interleave, the newest
// comment standing is of a head that was the pull request's head after
// it was written. The caller checks that head is the pull request's head
// before calling: a run already stale writes nothing.
func (a *Adapter) PostHeadReport(ctx context.Context, repo Repo, number int, marker, head, report string) (HeadReport, error) {
	body := TrimOutput(marker+"\n"+HeadLine(head)+"\n"+report, MaxCommentBytes, "")
	c, result, err := a.writeHeadReport(ctx, repo, number, marker, head, body)
	if err != nil {
		return HeadReport{}, err
	}
	pr, err := a.PullRequest(ctx, repo, number)
	if err != nil {
		return HeadReport{}, fmt.Errorf("read the head of #%d again after writing its report: %w", number, err)
	}
	out := HeadReport{Comment: c, Result: result, PullHead: pr.HeadSHA}
	if pr.HeadSHA != head {
		out.Result = StickySuperseded
		if result == StickyCreated {
			return out, a.deleteGone(ctx, repo, c.ID)
		}
		// An edit in place rewrote this head's own report, never a newer
		// head's: the newer head's run deletes it as older than its own.
		return out, nil
	}
	return out, a.deleteOlderReports(ctx, repo, number, marker, c.ID)
}

// writeHeadReport edits the newest sticky comment when it reports head
// and means something else, keeps it when it means the same, and creates
// a new one otherwise (no sticky comment, or the newest is another head's
// report or from before reports named their head). An edit that finds
// the comment gone (deleted by a newer run) creates one instead.
func (a *Adapter) writeHeadReport(ctx context.Context, repo Repo, number int, marker, head, body string) (Comment, StickyResult, error) {
	marked, err := a.markedComments(ctx, repo, number, marker)
	if err != nil {
		return Comment{}, "", err
	}
	if n := len(marked); n > 0 {
		newest := marked[n-1]
		if reported, ok := ReportedHead(newest.Body); ok && reported == head {
			if sameMeaning(newest.Body, body) {
				return newest, StickyUnchanged, nil
			}
			c, err := a.editComment(ctx, repo, newest.ID, body)
			if !errors.Is(err, ErrNotFound) {
				return c, StickyUpdated, err
			}
		}
	}
	c, err := a.CreateComment(ctx, repo, number, body)
	return c, StickyCreated, err
}

// deleteOlderReports deletes every sticky comment of marker older (a
// lower id) than keep: the reports of earlier heads, a re-run's
// duplicate. Newer ones are their own runs' to keep or withdraw.
func (a *Adapter) deleteOlderReports(ctx context.Context, repo Repo, number int, marker string, keep int64) error {
	marked, err := a.markedComments(ctx, repo, number, marker)
	if err != nil {
		return err
	}
	for _, c := range marked {
		if c.ID < keep {
			if err := a.deleteGone(ctx, repo, c.ID); err != nil {
				return err
			}
		}
	}
	return nil
}

// deleteGone deletes a comment; one already gone (deleted by a concurrent
// run) is no error.
func (a *Adapter) deleteGone(ctx context.Context, repo Repo, id int64) error {
	if err := a.deleteComment(ctx, repo, id); err != nil && !errors.Is(err, ErrNotFound) {
		return err
	}
	return nil
}
