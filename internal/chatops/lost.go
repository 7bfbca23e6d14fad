package chatops

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/lifecycle"
)

// maxWalk bounds how many of the story file's latest commits are looked
// at for the recording commit of a lost write.
const maxWalk = 20

// sentWrite is one contents write apply sent: the update, and the commit
// the update was read at when that is known (the head the decision was
// established at, for the first attempt).
type sentWrite struct {
	update github.FileUpdate
	base   string
}

// leaveLostReceipt posts the receipt for a write of this run that GitHub
// applied but whose answer was lost (a 502 or a reset connection, then
// a 409 on the retry): the checkout, fetched before the write, never holds
// the commit GitHub made, so the commit is found and checked through the
// API (recordingCommit), and the receipt rests on the approval this run
// established.
func (h *handler) leaveLostReceipt(ctx context.Context, target prStory, event lifecycle.Event, a approval, sent []sentWrite) (string, error) {
	sha, why, err := h.recordingCommit(ctx, sent)
	if err != nil || why != "" {
		return why, err
	}
	r := a.receipt(target, event, h.comment.ID, sha)
	if why := receiptProblem(h.comment.Author.Login, r); why != "" {
		return why, nil
	}
	if _, err := h.deps.GitHub.CreateComment(ctx, h.ev.Repo, h.ev.PRNumber, r.Reply(h.comment.Author.Login)); err != nil {
		return "", fmt.Errorf("record the decision on the pull request: %w", err)
	}
	return "", nil
}

// recordingCommit looks, through GitHub's API, among the latest commits of
// the head branch that change the story file since the head the decision
// was established at, for the one a write in sent made (see isRecording).
// An entry citing this comment that no such commit wrote is not
// storygate's.
func (h *handler) recordingCommit(ctx context.Context, sent []sentWrite) (string, string, error) {
	path := sent[0].update.Path
	list, err := h.deps.GitHub.CommitsChanging(ctx, h.ev.Repo, h.pr.HeadRef, path, maxWalk)
	if err != nil {
		return "", "", fmt.Errorf("find the commit that recorded comment %d: %w", h.comment.ID, err)
	}
	for _, listed := range list {
		if listed.SHA == h.pr.HeadSHA {
			break
		}
		c, err := h.deps.GitHub.Commit(ctx, h.ev.Repo, listed.SHA)
		if err != nil {
			return "", "", fmt.Errorf("find the commit that recorded comment %d: %w", h.comment.ID, err)
		}
		for _, w := range sent {
			if ok, err := h.isRecording(ctx, c, w); err != nil || ok {
				return c.SHA, "", err
			}
		}
	}
	return "", fmt.Sprintf("%s holds a decision citing this comment, but no commit on %s since %s is the one storygate wrote (exactly its content, changing only that file, on top of the version it read, pushed by storygate %s); remove that entry and post the command again",
		path, h.pr.HeadRef, github.ShortSHA(h.pr.HeadSHA), h.recorder), nil
}

// isRecording reports whether c is the commit w made, everything read from
// GitHub: one parent, the commit w was based on when known, holding the
// blob w named; one changed file, w's path, whose content at c is
// byte-for-byte what w wrote, under w's message; and GitHub's push record
// of c made by storygate's identity.
func (h *handler) isRecording(ctx context.Context, c github.Commit, w sentWrite) (bool, error) {
	u := w.update
	blob := plumbing.ComputeHash(plumbing.BlobObject, u.Content).String()
	if len(c.Parents) != 1 || (w.base != "" && c.Parents[0] != w.base) || !c.Complete || len(c.Files) != 1 ||
		c.Files[0].Path != u.Path || c.Files[0].BlobSHA != blob || c.Message != u.Message || u.SHA == "" {
		return false, nil
	}
	at, err := h.fileAt(ctx, u.Path, c.SHA)
	if err != nil || !bytes.Equal(at.Content, u.Content) {
		return false, err
	}
	before, err := h.fileAt(ctx, u.Path, c.Parents[0])
	if err != nil || before.SHA != u.SHA {
		return false, err
	}
	return h.pushedByRecorder(ctx, c.Parents[0], c.SHA)
}

// fileAt reads path at commit sha through the contents API; a missing file
// is an empty File.
func (h *handler) fileAt(ctx context.Context, path, sha string) (github.File, error) {
	f, err := h.deps.GitHub.GetFile(ctx, h.ev.Repo, path, sha)
	if errors.Is(err, github.ErrNotFound) {
		return github.File{}, nil
	}
	if err != nil {
		return github.File{}, fmt.Errorf("read %s at %s: %w", path, github.ShortSHA(sha), err)
	}
	return f, nil
}

// pushedByRecorder reports whether GitHub records the move of the head
// branch from before to after as a push by storygate's identity.
func (h *handler) pushedByRecorder(ctx context.Context, before, after string) (bool, error) {
	pushes, err := h.deps.GitHub.Pushes(ctx, h.ev.Repo, h.pr.HeadRef)
	if err != nil {
		return false, err
	}
	for _, p := range pushes {
		if p.Before == before && p.After == after && strings.EqualFold(p.Actor.Login, h.recorder.Login) {
			return true, nil
		}
	}
	return false, nil
}
