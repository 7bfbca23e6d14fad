package hitl

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/target"
)

// Ruled is the verdict on the human rulings that name one path: By (the
// ruler, "@login") and Source (the comment) when a ruling holds for the
// gated edits, else Why saying why the rulings that name it do not hold.
type Ruled struct {
	By, Source string
	Why        string
}

// Holds reports whether a ruling permits the path.
func (r Ruled) Holds() bool { return r.By != "" }

// RulingChecker checks the human rulings on the revert check of one pull
// request (`/allow-test-edit`): each counts only with storygate's record
// of it (chatops.Ruling), its source comment on this pull request, posted
// unedited by an authorized person who is not the author, saying exactly
// those paths with a rationale, the head the record names being the one
// GitHub's pushes had when the comment was posted, and the digest of the
// edits (chatops.EditsDigest) the same at that head and at the gated one.
type RulingChecker struct {
	GitHub    Client
	Repo      github.Repo
	PR        github.PullRequest
	Approvers config.Approvers
	// Target is the gated run's: its merge base and head are the edits
	// the revert check judged.
	Target *target.Target
	// Tip is the commit whose history must hold the recorded head: the
	// PR's head for a merge queue run, "" for the gated head.
	Tip string
}

// Check returns, for each of paths (repository paths) that a ruling
// names, its verdict. An error means GitHub or git could not answer; the
// caller must not pass the gate.
func (c RulingChecker) Check(ctx context.Context, paths []string) (map[string]Ruled, error) {
	records, err := chatops.Rulings(ctx, c.GitHub, c.Repo, c.PR.Number, chatops.RecorderOf(c.Approvers))
	if err != nil {
		return nil, err
	}
	var pushes []github.Push
	out := map[string]Ruled{}
	for _, r := range records {
		if !slices.ContainsFunc(r.Paths, func(p string) bool { return slices.Contains(paths, p) }) {
			continue
		}
		if pushes == nil {
			if pushes, err = c.GitHub.Pushes(ctx, c.Repo, c.PR.HeadRef); err != nil {
				return nil, fmt.Errorf("read the pushes to %s: %w", c.PR.HeadRef, err)
			}
		}
		by, why, err := c.judge(ctx, r, pushes)
		if err != nil {
			return nil, fmt.Errorf("ruling from comment %d: %w", r.Source, err)
		}
		for _, p := range r.Paths {
			if !slices.Contains(paths, p) || out[p].Holds() {
				continue
			}
			if why == "" {
				out[p] = Ruled{By: by, Source: c.sourceURL(r.Source)}
			} else {
				out[p] = Ruled{Why: why}
			}
		}
	}
	return out, nil
}

// judge checks one record: its source comment, its recorded head, and its
// digest then and now. The string is why it does not hold.
func (c RulingChecker) judge(ctx context.Context, r chatops.Ruling, pushes []github.Push) (string, string, error) {
	cm, why, err := c.rulingComment(ctx, r)
	if err != nil || why != "" {
		return "", why, err
	}
	who := "@" + cm.Author.Login
	if seen, ok := github.HeadAt(pushes, cm.CreatedAt); !ok || seen != r.Head {
		return "", fmt.Sprintf("%s's ruling names %s as the head they saw, but by GitHub's push records it was %s", who, github.ShortSHA(r.Head), orNone(github.ShortSHA(seen))), nil
	}
	tip := c.Tip
	if tip == "" {
		tip = c.Target.HeadSHA()
	}
	history, err := chatops.NewHistory(c.Target)
	if err != nil {
		return "", "", err
	}
	for _, pair := range [][2]string{{r.Base, r.Head}, {r.Head, tip}} {
		// A commit missing from the checkout is no history of this pull
		// request's, as for a decision's recorded head (recordedCover).
		if ok, err := history.IsAncestor(pair[0], pair[1]); err != nil || !ok {
			return "", fmt.Sprintf("%s's ruling names commits that are not this pull request's history", who), nil
		}
	}
	then, err := chatops.EditsDigest(c.Target, r.Base, r.Head, r.Paths)
	if err != nil || then != r.Digest {
		return "", fmt.Sprintf("storygate's record of %s's ruling does not match the edits at %s", who, github.ShortSHA(r.Head)), err
	}
	now, err := chatops.EditsDigest(c.Target, c.Target.MergeBaseSHA(), c.Target.HeadSHA(), r.Paths)
	if err != nil {
		return "", "", err
	}
	if now != r.Digest {
		return "", fmt.Sprintf("%s's ruling (%s) is stale: %s changed after it was made at %s; a human must rule again (`/%s`)", who, c.sourceURL(r.Source), strings.Join(r.Paths, ", "), github.ShortSHA(r.Head), command.AllowTestEdit), nil
	}
	return who, "", nil
}

// rulingComment fetches the comment a record names and checks it is the
// ruling on this pull request it records, from someone who may rule.
func (c RulingChecker) rulingComment(ctx context.Context, r chatops.Ruling) (github.Comment, string, error) {
	cm, err := c.GitHub.GetComment(ctx, c.Repo, r.Source)
	if errors.Is(err, github.ErrNotFound) {
		return cm, fmt.Sprintf("the comment %d a ruling names does not exist", r.Source), nil
	}
	if err != nil {
		return cm, "", err
	}
	if src, ok := chatops.ParseSource(cm.HTMLURL); !ok || src.PR != c.PR.Number || !strings.EqualFold(src.Repo, c.Repo.FullName()) {
		return cm, fmt.Sprintf("the comment %d a ruling names is not on this pull request", r.Source), nil
	}
	if cm.Edited() {
		return cm, "the comment of a ruling was edited after it was posted, and edited comments never rule", nil
	}
	auth := chatops.Authorizer{Access: c.GitHub, Repo: c.Repo, Approvers: c.Approvers}
	reason, err := auth.Check(ctx, cm.Author, c.PR.Author)
	if err != nil || reason != "" {
		return cm, reason, err
	}
	cmds := command.Parse(cm.Body)
	if len(cmds) != 1 || !cmds[0].IsRuling() {
		return cm, fmt.Sprintf("the comment %d a ruling names holds no single `/%s`", r.Source, command.AllowTestEdit), nil
	}
	if paths, why := chatops.RulingPaths(cmds[0]); why != "" || !slices.Equal(paths, r.Paths) {
		return cm, fmt.Sprintf("the comment %d does not rule on exactly the paths storygate's record names", r.Source), nil
	}
	return cm, "", nil
}

func (c RulingChecker) sourceURL(id int64) string {
	return fmt.Sprintf("comment %d", id)
}
