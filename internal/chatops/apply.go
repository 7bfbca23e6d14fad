package chatops

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/transition"
)

// maxAttempts bounds the re-read and re-apply rounds after conflicts.
const maxAttempts = 5

// apply records the decision on the head branch. Each write names the blob
// SHA it read; on a conflict the file is read again and the decision
// re-applied to what is there now, so a concurrent push is never lost.
func (h *handler) apply(ctx context.Context, target prStory, cmd Command, event lifecycle.Event) (Outcome, error) {
	f := target.file
	for attempt := 1; ; attempt++ {
		s := story.Parse(f.Path, f.Content)
		if RecordedFrom(s, h.comment.ID) {
			return Outcome{Result: Duplicate, Story: f.Path, Event: event}, nil
		}
		out, err := transition.Decide(s, h.decision(cmd, event))
		if refusal := (*transition.Refusal)(nil); errors.As(err, &refusal) {
			return h.refuse(ctx, cmd, refusalText(refusal))
		}
		if err != nil {
			return Outcome{}, err
		}
		commit, err := h.deps.GitHub.PutFile(ctx, h.ev.Repo, h.update(f, out, target, event))
		if err == nil {
			return h.applied(ctx, f.Path, event, commit.CommitSHA)
		}
		if !errors.Is(err, github.ErrConflict) || attempt == maxAttempts {
			return Outcome{}, fmt.Errorf("commit %s to %s (attempt %d): %w", event, f.Path, attempt, err)
		}
		if f, err = h.deps.GitHub.GetFile(ctx, h.ev.Repo, f.Path, h.pr.HeadRef); err != nil {
			return Outcome{}, fmt.Errorf("re-read %s after a conflict: %w", target.file.Path, err)
		}
	}
}

func (h *handler) decision(cmd Command, event lifecycle.Event) transition.Decision {
	return transition.Decision{Event: event, Rationale: cmd.Rationale, Source: h.comment.HTMLURL,
		By: h.comment.Author.Login, Date: h.comment.CreatedAt, At: h.now(),
		Note: fmt.Sprintf("by @%s via %s", h.comment.Author.Login, cmd.Text())}
}

func (h *handler) update(f github.File, content []byte, target prStory, event lifecycle.Event) github.FileUpdate {
	msg := fmt.Sprintf("storygate: %s %s\n\nDecided by @%s in %s", event, target.id(), h.comment.Author.Login, h.comment.HTMLURL)
	return github.FileUpdate{Path: f.Path, Branch: h.pr.HeadRef, Content: content, Message: msg, SHA: f.SHA}
}

func (h *handler) now() time.Time {
	if h.deps.Now != nil {
		return h.deps.Now().UTC()
	}
	return time.Now().UTC()
}

// applied reacts to the comment and re-runs the gate on the new commit.
func (h *handler) applied(ctx context.Context, path string, event lifecycle.Event, commit string) (Outcome, error) {
	out := Outcome{Result: Applied, Story: path, Event: event, Commit: commit}
	if err := h.deps.GitHub.AddReaction(ctx, h.ev.Repo, h.comment.ID, github.ReactionPlusOne); err != nil {
		return out, fmt.Errorf("react to the comment: %w", err)
	}
	if h.deps.Rerun == nil {
		return out, nil
	}
	if err := h.deps.Rerun(ctx, h.pr, commit); err != nil {
		return out, fmt.Errorf("re-run the gate on %s: %w", commit, err)
	}
	return out, nil
}

// refusalText adds the validation findings a refused move would cause.
func refusalText(r *transition.Refusal) string {
	if len(r.Findings) == 0 {
		return r.Message
	}
	var parts []string
	for _, d := range r.Findings {
		parts = append(parts, d.String())
	}
	return r.Message + ": " + strings.Join(parts, "; ")
}

// refuse replies with the reason and what is allowed, and marks the comment.
func (h *handler) refuse(ctx context.Context, cmd Command, reason string) (Outcome, error) {
	body := refusalReply(h.comment.Author.Login, cmd, reason, h.stories, h.auth.Who())
	if err := h.reply(ctx, body, github.ReactionConfused); err != nil {
		return Outcome{}, err
	}
	return Outcome{Result: Refused, Reason: reason}, nil
}

// refuseOrFail refuses for reason, or fails closed when GitHub could not
// say whether the commenter may decide.
func (h *handler) refuseOrFail(ctx context.Context, cmd Command, reason string, err error) (Outcome, error) {
	if err != nil {
		return Outcome{}, fmt.Errorf("authorize @%s: %w", h.comment.Author.Login, err)
	}
	return h.refuse(ctx, cmd, reason)
}

// answer replies to help and unknown commands with what is legal now.
func (h *handler) answer(ctx context.Context, cmd Command) (Outcome, error) {
	body := helpReply(h.comment.Author.Login, cmd, h.stories, h.auth.Who())
	if err := h.reply(ctx, body, github.ReactionEyes); err != nil {
		return Outcome{}, err
	}
	return Outcome{Result: Answered}, nil
}

func (h *handler) reply(ctx context.Context, body string, r github.Reaction) error {
	if _, err := h.deps.GitHub.CreateComment(ctx, h.ev.Repo, h.ev.PRNumber, body); err != nil {
		return fmt.Errorf("reply: %w", err)
	}
	if err := h.deps.GitHub.AddReaction(ctx, h.ev.Repo, h.comment.ID, r); err != nil {
		return fmt.Errorf("react to the comment: %w", err)
	}
	return nil
}
