package chatops

import (
	"context"
	"errors"
	"fmt"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// staleEarlier refuses an approving decision (Approves) while an earlier
// approval storygate recorded for the same story on this pull request,
// superseded by no later decision (SupersededBy), no longer covers the
// branch: what it approved (by its receipt) changed since. The gate fails
// such a pull request anyway (hitl/decision-stale), and recording on top
// of it would take the story past the gate where a human can decide
// again: a /mark-done over code pushed after /accept-result would leave a
// done story whose acceptance nobody can renew. The commands that take a
// story back approve nothing and are never refused for it; they are how a
// stale approval is decided again.
func (h *handler) staleEarlier(ctx context.Context, target prStory, event lifecycle.Event) (string, error) {
	if !Approves(event) {
		return "", nil
	}
	receipts, err := Receipts(ctx, h.deps.GitHub, h.ev.Repo, h.ev.PRNumber, h.recorder)
	if err != nil {
		return "", err
	}
	for _, d := range target.story.Decisions() {
		if _, superseded := SupersededBy(target.story, d.Heading.Text); superseded || !Approves(d.DecidedEvent()) {
			continue
		}
		for _, rc := range h.receiptsOf(receipts, target, d) {
			why, err := h.noLongerCovers(target, d, rc, event)
			if err != nil || why != "" {
				return why, err
			}
		}
	}
	return "", nil
}

// receiptsOf are storygate's records of decision d of target.
func (h *handler) receiptsOf(receipts map[int64][]Receipt, target prStory, d story.Decision) []Receipt {
	field, _ := d.Field("Source")
	src, ok := ParseSource(field.Value)
	if !ok || src.PR != h.pr.Number {
		return nil
	}
	var out []Receipt
	for _, rc := range receipts[src.CommentID] {
		if rc.Path == target.file.Path && rc.Story == target.id() && rc.Event == d.DecidedEvent() && rc.At == d.GateState() {
			out = append(out, rc)
		}
	}
	return out
}

// noLongerCovers compares what rc approved with the branch's head. A
// record whose head left the checkout is the gate's to judge.
func (h *handler) noLongerCovers(target prStory, d story.Decision, rc Receipt, event lifecycle.Event) (string, error) {
	then, err := StoryAt(h.deps.History, rc.Head, target.path) // rc.Path is target's (receiptsOf)
	if errors.Is(err, ErrNotInHistory) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	cover := CoverFor(then, rc.Event, rc.At)
	content, err := ContentWith(h.deps.History, h.pr.HeadSHA, target.story, cover)
	if err != nil {
		return "", err
	}
	if Digest(content) == rc.Digest {
		return "", nil
	}
	return fmt.Sprintf("%s of %s (`%s` at `%s`) no longer holds: %s changed after it was decided at %s, and `%s` would rest on it; revert that change, or take %s back with a command that applies at %s and decide again",
		inert.Inline(d.Heading.Text), target.shown(), rc.Event, rc.At, cover, github.ShortSHA(rc.Head), command.For(event), target.shown(), inert.Code(string(target.state()))), nil
}
