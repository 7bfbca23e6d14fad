package chatops

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/target"
)

// rule records an authorized human's ruling on the revert check: the
// paths it names must be edited by the pull request, the same from the
// merge base to the head the commenter saw as to the head now; then the
// ruling's record is posted (the record only storygate's identity can
// author, as a decision's receipt) and the gate re-run on the head. Nothing
// is committed: a ruling changes no story.
func (h *handler) rule(ctx context.Context, cmd command.Command) (Outcome, error) {
	paths, why := RulingPaths(cmd)
	if why != "" {
		return h.refuse(ctx, cmd, why)
	}
	if h.deps.Target == nil {
		return h.refuse(ctx, cmd, "this workflow cannot read the pull request's edits, so it records no ruling")
	}
	earlier, err := Rulings(ctx, h.deps.GitHub, h.ev.Repo, h.ev.PRNumber, h.recorder)
	if err != nil {
		return Outcome{}, err
	}
	if slices.ContainsFunc(earlier, func(r Ruling) bool { return r.Source == h.comment.ID }) {
		return h.finish(ctx, Outcome{Result: Duplicate, Commit: h.pr.HeadSHA})
	}
	r, why, err := h.ruling(ctx, paths)
	if err != nil || why != "" {
		return h.refuseOrFail(ctx, cmd, why, err)
	}
	if why := rulingProblem(h.comment.Author.Login, r); why != "" {
		return h.refuse(ctx, cmd, why)
	}
	if _, err := h.deps.GitHub.CreateComment(ctx, h.ev.Repo, h.ev.PRNumber, r.Reply(h.comment.Author.Login)); err != nil {
		return Outcome{}, fmt.Errorf("record the ruling on the pull request: %w", err)
	}
	return h.finish(ctx, Outcome{Result: Applied, Commit: h.pr.HeadSHA})
}

// ruling is the record of a ruling on paths, or why none is made: a path
// the pull request does not edit, or edits that changed after the comment.
func (h *handler) ruling(ctx context.Context, paths []string) (Ruling, string, error) {
	t, err := h.deps.Target(h.pr)
	if err != nil {
		return Ruling{}, "", err
	}
	for _, p := range paths {
		edited, err := Edited(t, t.MergeBaseSHA(), t.HeadSHA(), p)
		if err != nil {
			return Ruling{}, "", err
		}
		if !edited {
			return Ruling{}, fmt.Sprintf("this pull request does not change %s, so there is no edit to rule on", inert.Code(p)), nil
		}
	}
	seen, why, err := h.seenHead(ctx)
	if err != nil || why != "" {
		return Ruling{}, why, err
	}
	base, why, err := mergeBaseAt(t, seen)
	if err != nil || why != "" {
		return Ruling{}, why, err
	}
	then, err := EditsDigest(t, base, seen, paths)
	if err != nil {
		return Ruling{}, "", err
	}
	now, err := EditsDigest(t, t.MergeBaseSHA(), t.HeadSHA(), paths)
	if err != nil {
		return Ruling{}, "", err
	}
	if then != now {
		return Ruling{}, fmt.Sprintf("the edits to %s changed after your comment: you saw %s, the branch is now at %s; review them and post the command again", strings.Join(codes(paths), ", "), github.ShortSHA(seen), github.ShortSHA(t.HeadSHA())), nil
	}
	return Ruling{Paths: paths, Source: h.comment.ID, Base: base, Head: seen, Digest: then}, "", nil
}

// mergeBaseAt is the merge base of the pull request's base with seen, the
// head the commenter saw.
func mergeBaseAt(t *target.Target, seen string) (string, string, error) {
	c, err := t.Object(seen)
	if err != nil {
		return "", fmt.Sprintf("the head you reviewed, %s, is not in this run's checkout (force-pushed away?); review the current head and post the command again", github.ShortSHA(seen)), nil
	}
	mb, err := target.MergeBase(t.Base(), c)
	if errors.Is(err, target.ErrNoMergeBase) {
		return "", fmt.Sprintf("the head you reviewed, %s, shares no history with the base", github.ShortSHA(seen)), nil
	}
	if err != nil {
		return "", "", err
	}
	return mb.Hash.String(), "", nil
}

func codes(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = inert.Code(p)
	}
	return out
}
