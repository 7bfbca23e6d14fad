package chatops

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/storygate/storygate/internal/lifecycle"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/story"
)

// approval is what a command approves, tied to what the commenter saw.
type approval struct {
	cover Cover
	// seen is the branch's head when the comment was posted.
	seen string
	// content is ApprovedContent at seen.
	content []byte
}

// receipt is the record of this approval for target and event.
func (a approval) receipt(target prStory, event lifecycle.Event, source int64, commit string) Receipt {
	return Receipt{Story: target.id(), Path: target.file.Path, Event: event, At: target.state(), Source: source,
		Head: a.seen, Digest: Digest(a.content), Covers: a.cover.String(), Commit: commit}
}

// seenHead is the branch's head when the comment was posted, by GitHub's
// push records (never by commit dates, which the pusher writes).
func (h *handler) seenHead(ctx context.Context) (string, string, error) {
	pushes, err := h.deps.GitHub.Pushes(ctx, h.ev.Repo, h.pr.HeadRef)
	if err != nil {
		return "", "", err
	}
	sha, ok := github.HeadAt(pushes, h.comment.CreatedAt)
	if !ok {
		return "", fmt.Sprintf("GitHub records no push to %s before your comment, so storygate cannot tell which version you reviewed; post the command again", inert.Code(h.pr.HeadRef)), nil
	}
	return sha, "", nil
}

// establish checks that what the command approves for target is the same
// at the head the commenter saw as it is now: in the story as read from
// the branch (s) with the files of commit now. The string is a refusal
// saying why and what to do.
func (h *handler) establish(ctx context.Context, target prStory, s *story.Story, event lifecycle.Event, now string) (approval, string, error) {
	seen, why, err := h.seenHead(ctx)
	if err != nil || why != "" {
		return approval{}, why, err
	}
	a := approval{cover: CoverFor(s, event, target.state()), seen: seen}
	a.content, err = ContentAt(h.deps.History, seen, target.path, a.cover)
	if errors.Is(err, ErrNotInHistory) {
		return a, fmt.Sprintf("the head you reviewed, %s, is not in this run's checkout of %s (force-pushed away?); review the current head and post the command again", github.ShortSHA(seen), inert.Code(h.pr.HeadRef)), nil
	}
	if err != nil {
		return a, "", err
	}
	current, err := ContentWith(h.deps.History, now, s, a.cover)
	if errors.Is(err, ErrNotInHistory) {
		return a, fmt.Sprintf("%s moved to %s after this run checked it out; post the command again", inert.Code(h.pr.HeadRef), github.ShortSHA(now)), nil
	}
	if err != nil {
		return a, "", err
	}
	if !bytes.Equal(current, a.content) {
		return a, fmt.Sprintf("what `%s` approves for %s (%s) changed after your comment: you saw %s, the branch is now at %s; review the change and post the command again", command.For(event), target.shown(), a.cover, github.ShortSHA(seen), github.ShortSHA(now)), nil
	}
	return a, "", nil
}
