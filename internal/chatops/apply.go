package chatops

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/transition"
)

// maxAttempts bounds the re-read and re-apply rounds after conflicts.
const maxAttempts = 5

// apply records the decision on the head branch, once what it approves
// is established unchanged since the comment (see establish) and no
// earlier decision it rests on is stale (see staleEarlier). Each write
// names the blob SHA it read; on a conflict the file is read again and the
// decision re-applied only when what it approves is byte-identical to what
// was first read, so a concurrent push is never lost and never approved
// unseen; a write whose answers were all lost is read again the same way.
func (h *handler) apply(ctx context.Context, target prStory, cmd command.Command, event lifecycle.Event) (Outcome, error) {
	f, s := target.file, target.story
	a, why, err := h.establish(ctx, target, s, event, h.pr.HeadSHA)
	if err == nil && why == "" {
		why = receiptProblem(h.comment.Author.Login, a.receipt(target, event, h.comment.ID, ""))
	}
	if err == nil && why == "" {
		why, err = h.staleEarlier(ctx, target, event)
	}
	if err != nil || why != "" {
		return h.refuseOrFail(ctx, cmd, why, err)
	}
	var sent []sentWrite
	for attempt := 1; ; attempt++ {
		out, err := h.record(s, target, cmd, event)
		if refusal := (*transition.Refusal)(nil); errors.As(err, &refusal) {
			return h.refuse(ctx, cmd, refusalText(refusal))
		}
		if err != nil {
			return Outcome{}, err
		}
		w := sentWrite{update: h.update(f, out, target, event)}
		if attempt == 1 {
			w.base = h.pr.HeadSHA
		}
		sent = append(sent, w)
		commit, err := h.deps.GitHub.PutFile(ctx, h.ev.Repo, w.update)
		if err == nil {
			return h.applied(ctx, a.receipt(target, event, h.comment.ID, commit.CommitSHA))
		}
		if !readAgainAfter(err) || attempt == maxAttempts {
			return Outcome{}, fmt.Errorf("commit %s to %s (attempt %d): %w", event, f.Path, attempt, err)
		}
		if f, err = h.deps.GitHub.GetFile(ctx, h.ev.Repo, f.Path, h.pr.HeadRef); err != nil {
			return Outcome{}, fmt.Errorf("re-read %s after a conflict or a lost answer: %w", target.file.Path, err)
		}
		again := readStory(f, target.path)
		if s = again.story; RecordedFrom(s, h.comment.ID) {
			// The receipt names the story as this run established it
			// (its state before the decision), as in the normal path.
			return h.recorded(ctx, again, cmd, event, func(ctx context.Context, _ prStory, event lifecycle.Event) (string, error) {
				return h.leaveLostReceipt(ctx, target, event, a, sent)
			})
		}
		if why, err := h.sameApproval(s, a); err != nil || why != "" {
			return h.refuseOrFail(ctx, cmd, why, err)
		}
	}
}

// readAgainAfter reports whether a failed write leaves the file to be
// read again before anything else: a conflict (someone pushed, or this
// run's write landed and its resend met the new version), or an answer
// lost on every attempt, after which the write may have landed. Either
// way the re-read tells: the decision recorded (this run's, see
// leaveLostReceipt), or the same approval still to re-apply.
func readAgainAfter(err error) bool {
	return errors.Is(err, github.ErrConflict) || errors.Is(err, github.ErrAnswerLost)
}

// sameApproval refuses a re-apply after a conflict unless what the decision
// approves is byte-identical to what was first read.
func (h *handler) sameApproval(s *story.Story, a approval) (string, error) {
	again, err := ContentWith(h.deps.History, h.pr.HeadSHA, s, a.cover)
	if err != nil {
		return "", err
	}
	if !bytes.Equal(again, a.content) {
		return fmt.Sprintf("someone pushed a change to %s (%s) while your decision was being recorded; review it and post the command again", inert.Code(s.Path), a.cover), nil
	}
	return "", nil
}

// record is the story s with the decision recorded: a new Decision entry
// and the move, or, for a decision the developer recorded locally
// (target.adopting), that entry rewritten to name this comment, the move
// already made.
func (h *handler) record(s *story.Story, target prStory, cmd command.Command, event lifecycle.Event) ([]byte, error) {
	if target.adopting == "" {
		return transition.Decide(s, h.decision(cmd, event))
	}
	local, ok := transition.LocalDecision(s, event)
	if !ok || local.GateState() != target.adopting {
		return nil, &transition.Refusal{Message: fmt.Sprintf("the local decision of %s in %s changed while your decision was being recorded; post the command again", event, s.Path)}
	}
	return transition.Adopt(s, local, h.decision(cmd, event))
}

func (h *handler) decision(cmd command.Command, event lifecycle.Event) transition.Decision {
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

// applied leaves the receipt (the record only storygate's identity can
// author), reacts to the comment and re-runs the gate on the new commit.
func (h *handler) applied(ctx context.Context, r Receipt) (Outcome, error) {
	if _, err := h.deps.GitHub.CreateComment(ctx, h.ev.Repo, h.ev.PRNumber, r.Reply(h.comment.Author.Login)); err != nil {
		return Outcome{}, fmt.Errorf("record the decision on the pull request: %w", err)
	}
	return h.finish(ctx, Outcome{Result: Applied, Story: r.Path, Event: r.Event, Commit: r.Commit})
}

// finish reacts 👍 and re-runs the gate on out.Commit.
func (h *handler) finish(ctx context.Context, out Outcome) (Outcome, error) {
	if err := h.deps.GitHub.AddReaction(ctx, h.ev.Repo, h.comment.ID, github.ReactionPlusOne); err != nil {
		return out, fmt.Errorf("react to the comment: %w", err)
	}
	if h.deps.Rerun == nil {
		return out, nil
	}
	if err := h.deps.Rerun(ctx, h.pr, out.Commit); err != nil {
		return out, fmt.Errorf("re-run the gate on %s: %w", out.Commit, err)
	}
	return out, nil
}

// refusalText adds the validation findings a refused move would cause.
func refusalText(r *transition.Refusal) string {
	return inert.Text(refusalWords(r))
}

// refusalWords are the refusal's message and the findings it quotes,
// which carry text from the story.
func refusalWords(r *transition.Refusal) string {
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
func (h *handler) refuse(ctx context.Context, cmd command.Command, reason string) (Outcome, error) {
	body := refusalReply(h.comment.Author.Login, cmd, reason, h.stories, h.auth.Approvers.Who())
	if err := h.reply(ctx, body, github.ReactionConfused); err != nil {
		return Outcome{}, err
	}
	return Outcome{Result: Refused, Reason: reason}, nil
}

// refuseOrFail refuses for reason, or fails closed when GitHub (or the
// checkout) could not answer.
func (h *handler) refuseOrFail(ctx context.Context, cmd command.Command, reason string, err error) (Outcome, error) {
	if err != nil {
		return Outcome{}, err
	}
	return h.refuse(ctx, cmd, reason)
}

// answer replies to help and unknown commands with what is legal now.
func (h *handler) answer(ctx context.Context, cmd command.Command) (Outcome, error) {
	body := helpReply(h.comment.Author.Login, cmd, h.stories, h.auth.Approvers.Who())
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
