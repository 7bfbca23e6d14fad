package hitl

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/story"
)

// records holds what GitHub recorded for one pull request, read once per
// check: storygate's receipts and the pushes to the head branch.
type records struct {
	c        Checker
	receipts map[int64][]chatops.Receipt
	pushes   []github.Push
	loaded   bool
}

func (r *records) load(ctx context.Context) error {
	if r.loaded {
		return nil
	}
	var err error
	if r.receipts, err = chatops.Receipts(ctx, r.c.GitHub, r.c.Repo, r.c.PR.Number, chatops.RecorderOf(r.c.Approvers)); err != nil {
		return err
	}
	if r.pushes, err = r.c.GitHub.Pushes(ctx, r.c.Repo, r.c.PR.HeadRef); err != nil {
		return fmt.Errorf("read the pushes to %s: %w", r.c.PR.HeadRef, err)
	}
	r.loaded = true
	return nil
}

// check ties a decision whose source comment cm checked out to storygate's
// receipt for it, then recomputes the approved content from git at the
// recorded head and, for an approval no later decision superseded, at the
// gated head. A verified decision's reason is a note ("" for none).
func (r *records) check(ctx context.Context, f Finding, s *story.Story, cm github.Comment) (Status, string, error) {
	if err := r.load(ctx); err != nil {
		return Unverified, "", err
	}
	rc, why := r.receiptFor(f, cm)
	if why != "" {
		return Unverified, why, nil
	}
	if seen, ok := github.HeadAt(r.pushes, cm.CreatedAt); !ok || seen != rc.Head {
		return Unverified, fmt.Sprintf("storygate's record names %s as the head the commenter saw, but by GitHub's push records it was %s", github.ShortSHA(rc.Head), orNone(github.ShortSHA(seen))), nil
	}
	cover, why, err := r.recordedCover(f, rc)
	if err != nil || why != "" {
		return Unverified, why, err
	}
	if !chatops.Approves(f.Event) {
		return Verified, "", nil // it asked for more work: what follows is no change behind its back
	}
	if by, ok := chatops.SupersededBy(s, f.Decision); ok {
		return Verified, fmt.Sprintf("superseded by %s, which sent the story back", by), nil
	}
	return r.current(f, s, rc, cover)
}

// receiptFor finds the receipt for cm that records this entry's story,
// event and state. A receipt names the story by id and by repository
// path: a package's STORY-001 is not another package's, nor the one at
// the repository's top, whatever they hold. A comment storygate recorded
// in more than one story file (one commands job per package, each
// finding its own story of the id the command names) backs none.
func (r *records) receiptFor(f Finding, cm github.Comment) (chatops.Receipt, string) {
	list := r.receipts[cm.ID]
	if len(list) == 0 {
		return chatops.Receipt{}, fmt.Sprintf("storygate's identity %s left no record of a decision from comment %d: storygate did not record this entry (an entry written by hand or under the bot's git name never counts)", chatops.RecorderOf(r.c.Approvers), cm.ID)
	}
	path := r.c.History.RepoPath(f.Story)
	if files := recordedFiles(list); len(files) > 1 {
		return chatops.Receipt{}, fmt.Sprintf("storygate recorded comment %d in %d story files (%s): a command names its story by id only, which these stories share, so it decides none of them; give them distinct ids and post the command again", cm.ID, len(files), strings.Join(files, ", "))
	}
	for _, rc := range list {
		if strings.EqualFold(rc.Story, f.StoryID) && rc.Path == path && rc.Event == f.Event && rc.At == f.AtState {
			return rc, ""
		}
	}
	rc := list[0]
	return chatops.Receipt{}, fmt.Sprintf("storygate recorded comment %d as %s at %s for %s in %s, not as this entry's %s at %s for %s in %s", cm.ID, rc.Event, rc.At, rc.Story, rc.Path, f.Event, f.AtState, f.StoryID, path)
}

// recordedFiles are the story files receipts name, in their order.
func recordedFiles(list []chatops.Receipt) []string {
	var out []string
	for _, rc := range list {
		if !slices.Contains(out, rc.Path) {
			out = append(out, rc.Path)
		}
	}
	return out
}

// recordedCover recomputes what the decision approved at the recorded head
// and checks it against the record.
func (r *records) recordedCover(f Finding, rc chatops.Receipt) (chatops.Cover, string, error) {
	then, err := chatops.StoryAt(r.c.History, rc.Head, f.Story)
	if errors.Is(err, chatops.ErrNotInHistory) {
		return chatops.Cover{}, fmt.Sprintf("%s at the recorded head %s is not in this checkout", f.Story, github.ShortSHA(rc.Head)), nil
	}
	if err != nil {
		return chatops.Cover{}, "", err
	}
	cover := chatops.CoverFor(then, f.Event, f.AtState)
	content, err := chatops.ContentWith(r.c.History, rc.Head, then, cover)
	if err != nil {
		return cover, "", err
	}
	if cover.String() != rc.Covers || chatops.Digest(content) != rc.Digest {
		return cover, fmt.Sprintf("storygate's record says it approved %s with digest %s, which is not what %s held at %s", rc.Covers, rc.Digest, f.Story, github.ShortSHA(rc.Head)), nil
	}
	tip := r.c.Tip
	if tip == "" {
		tip = r.c.Head
	}
	if ok, err := r.c.History.IsAncestor(rc.Head, tip); err != nil || !ok {
		return cover, fmt.Sprintf("the recorded head %s is not in this pull request's history", github.ShortSHA(rc.Head)), nil
	}
	return cover, "", nil
}

// current compares the approved content at the gated head with the record.
func (r *records) current(f Finding, s *story.Story, rc chatops.Receipt, cover chatops.Cover) (Status, string, error) {
	content, err := chatops.ContentWith(r.c.History, r.c.Head, s, cover)
	if err != nil {
		return Stale, fmt.Sprintf("what it approved (%s) cannot be read at %s: %v", cover, github.ShortSHA(r.c.Head), err), nil
	}
	if chatops.Digest(content) != rc.Digest {
		return Stale, fmt.Sprintf("%s changed after the decision was taken at %s; the approval no longer covers it: revert the change, or have a human decide again (`%s` at %s; a story that has moved on must be taken back there first)", cover, github.ShortSHA(rc.Head), command.For(f.Event), f.AtState), nil
	}
	return Verified, "", nil
}

func orNone(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}
