package chatops

import (
	"context"
	"fmt"
	"github.com/storygate/storygate/internal/lifecycle"
	"slices"
	"strings"
	"time"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/story"
)

// alreadyRecorded handles a comment whose decision target already holds:
// a redelivered event, or a run whose write landed but whose answer was
// lost. The receipt is left if target's is missing (one for the same
// comment in another package's story file is not target's), but only for a decision
// storygate's identity pushed (an entry the agent wrote citing a real
// comment is refused), then the comment gets its reaction and the gate its
// run on the current head, so the required checks report.
func (h *handler) alreadyRecorded(ctx context.Context, target prStory, cmd command.Command, event lifecycle.Event) (Outcome, error) {
	return h.recorded(ctx, target, cmd, event, h.leaveMissingReceipt)
}

// recorded is alreadyRecorded with leave, what posts a missing receipt (or
// says why none is due): leaveMissingReceipt for a decision an earlier run
// recorded, leaveLostReceipt for this run's write whose answer was lost.
func (h *handler) recorded(ctx context.Context, target prStory, cmd command.Command, event lifecycle.Event,
	leave func(context.Context, prStory, lifecycle.Event) (string, error)) (Outcome, error) {
	receipts, err := Receipts(ctx, h.deps.GitHub, h.ev.Repo, h.ev.PRNumber, h.recorder)
	if err != nil {
		return Outcome{}, err
	}
	pr, err := h.deps.GitHub.PullRequest(ctx, h.ev.Repo, h.ev.PRNumber)
	if err != nil {
		return Outcome{}, err
	}
	if !slices.ContainsFunc(receipts[h.comment.ID], func(rc Receipt) bool { return rc.Path == target.file.Path }) {
		why, err := leave(ctx, target, event)
		if err != nil || why != "" {
			return h.refuseOrFail(ctx, cmd, why, err)
		}
	}
	h.pr = pr
	return h.finish(ctx, Outcome{Result: Duplicate, Story: target.file.Path, Event: event, Commit: pr.HeadSHA})
}

// leaveMissingReceipt finds the push that recorded the decision, checks
// that storygate's identity made it on top of what the commenter saw, and
// posts the receipt the lost run could not.
func (h *handler) leaveMissingReceipt(ctx context.Context, target prStory, event lifecycle.Event) (string, error) {
	p, why, err := h.recordingPush(ctx, target.path)
	if err != nil || why != "" {
		return why, err
	}
	if !strings.EqualFold(p.Actor.Login, h.recorder.Login) {
		return fmt.Sprintf("the decision citing this comment in %s was pushed by @%s (%s), not by storygate %s, so it is not a decision storygate recorded; remove that entry and post the command again", target.shown(), p.Actor.Login, github.ShortSHA(p.After), h.recorder), nil
	}
	before, err := StoryAt(h.deps.History, p.Before, target.path)
	if err != nil {
		return "", err
	}
	prior := prStory{file: github.File{Path: target.file.Path}, path: target.path, story: before}
	a, why, err := h.establish(ctx, prior, before, event, p.Before)
	if err != nil || why != "" {
		return why, err
	}
	r := a.receipt(prior, event, h.comment.ID, p.After)
	if why := receiptProblem(h.comment.Author.Login, r); why != "" {
		return why, nil
	}
	if _, err := h.deps.GitHub.CreateComment(ctx, h.ev.Repo, h.ev.PRNumber, r.Reply(h.comment.Author.Login)); err != nil {
		return "", fmt.Errorf("record the decision on the pull request: %w", err)
	}
	return "", nil
}

// recordingPush is the first push after the comment whose commit holds a
// decision from it in the story at path (in the root).
func (h *handler) recordingPush(ctx context.Context, path string) (github.Push, string, error) {
	pushes, err := h.deps.GitHub.Pushes(ctx, h.ev.Repo, h.pr.HeadRef)
	if err != nil {
		return github.Push{}, "", err
	}
	for _, p := range slices.Backward(pushes) {
		if p.At.Before(h.comment.CreatedAt.Truncate(time.Second)) {
			continue
		}
		data, ok, err := h.deps.History.File(p.After, path)
		if err != nil {
			return github.Push{}, "", fmt.Errorf("find the commit that recorded comment %d: %w", h.comment.ID, err)
		}
		if ok && RecordedFrom(story.Parse(path, data), h.comment.ID) {
			return p, "", nil
		}
	}
	return github.Push{}, fmt.Sprintf("%s already holds a decision citing this comment, but GitHub records no push after the comment that added it; remove that entry and post the command again", inert.Code(path)), nil
}
