// Package hitl is the PR-level check of human decisions. Every Human
// Decision entry a pull request adds must be backed by the comment it names
// as its Source — on this pull request, by an authorized person who is not
// the author (unless the base's approvers.allow_author says so), unedited,
// saying the command the entry records — and by the
// receipt storygate's own identity posted when it recorded it, which binds
// story (id and file), event, state, the head the commenter saw and the digest of what
// was approved; the digest is recomputed from git at that head, and again
// at the gated head. An agent writing a Decision entry itself fails
// hitl/decision-unverified; an approval whose content changed afterwards
// fails hitl/decision-stale.
package hitl

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/transition"
)

// The catalog's IDs for this check (package catalog): a decision
// nothing unforgeable backs, and one whose approved content changed since.
const (
	RuleID      = "hitl/decision-unverified"
	StaleRuleID = "hitl/decision-stale"
)

// Status is the verdict on one new decision.
type Status string

// The verdicts.
const (
	Verified   Status = "verified"
	Unverified Status = "unverified"
	Stale      Status = "stale"
)

// Finding is the verdict on one Decision entry new in the pull request.
type Finding struct {
	// Story is the story's path; StoryID its id.
	Story, StoryID string
	// Decision is the entry's heading, e.g. "Decision 2".
	Decision string
	Event    lifecycle.Event
	AtState  lifecycle.State
	Status   Status
	// Reason explains a verdict other than Verified; for Verified it names
	// who decided.
	Reason string
	Pos    diag.Pos
}

// Client is what the check asks of GitHub.
type Client interface {
	github.Comments
	github.Access
	github.Ledger
}

// Checker checks the decisions of one pull request.
type Checker struct {
	GitHub    Client
	Repo      github.Repo
	PR        github.PullRequest
	Approvers config.Approvers
	// History is the checkout's git history; Head the commit gated, whose
	// stories the units hold.
	History chatops.History
	Head    string
	// Tip is the commit whose history must hold each decision's recorded
	// head: the PR's head for a merge queue run, "" for Head itself.
	Tip string
}

// Check judges every Decision entry present at head but not at base. An
// error means GitHub could not answer; the caller must not pass the gate.
func (c Checker) Check(ctx context.Context, units []rules.Unit) ([]Finding, error) {
	used := map[int64]string{}
	r := &records{c: c}
	var out []Finding
	for _, u := range units {
		for _, d := range u.NewDecisions() {
			f, err := c.judge(ctx, r, u.Head, d, used)
			if err != nil {
				return nil, fmt.Errorf("%s: %s %s: %w", RuleID, u.Head.Path, d.Heading.Text, err)
			}
			out = append(out, f)
		}
	}
	return out, nil
}

// judge runs the source checks, the record and digest checks, then checks
// that the entry says who decided and why as the comment does.
func (c Checker) judge(ctx context.Context, r *records, s *story.Story, d story.Decision, used map[int64]string) (Finding, error) {
	f := Finding{Story: s.Path, StoryID: storyID(s), Decision: d.Heading.Text, Event: d.DecidedEvent(),
		AtState: d.GateState(), Pos: d.Heading.Pos, Status: Unverified}
	cm, who, reason, err := c.source(ctx, f, d, used)
	if err != nil || reason != "" {
		f.Reason = reason
		return f, err
	}
	if f.Status, f.Reason, err = r.check(ctx, f, s, cm); err != nil || f.Status != Verified {
		return f, err
	}
	if why := recordMismatch(d, cm); why != "" {
		f.Status, f.Reason = Unverified, why
		return f, nil
	}
	if f.Reason != "" {
		who += "; " + f.Reason
	}
	f.Reason = who
	return f, nil
}

// source checks the comment behind a decision. It returns the comment and
// who decided, or the reason the comment does not back the entry.
func (c Checker) source(ctx context.Context, f Finding, d story.Decision, used map[int64]string) (github.Comment, string, string, error) {
	if transition.IsLocal(d) {
		return github.Comment{}, "", localReason(f.StoryID, f.Event), nil
	}
	field, _ := d.Field("Source")
	src, ok := chatops.ParseSource(field.Value)
	if !ok {
		return github.Comment{}, "", "it has no **Source:** naming the slash-command comment that decided it", nil
	}
	if !strings.EqualFold(src.Repo, c.Repo.FullName()) || src.PR != c.PR.Number {
		return github.Comment{}, "", fmt.Sprintf("its Source is a comment on %s#%d, not on this pull request", src.Repo, src.PR), nil
	}
	if other, dup := used[src.CommentID]; dup {
		return github.Comment{}, "", fmt.Sprintf("its Source comment already backs %s", other), nil
	}
	used[src.CommentID] = f.Story + " " + f.Decision
	comment, err := c.GitHub.GetComment(ctx, c.Repo, src.CommentID)
	if errors.Is(err, github.ErrNotFound) {
		return github.Comment{}, "", fmt.Sprintf("its Source comment %d does not exist", src.CommentID), nil
	}
	if err != nil {
		return github.Comment{}, "", "", err
	}
	who, reason, err := c.comment(ctx, f, comment, story.Clean(field.Value))
	return comment, who, reason, err
}

// recordMismatch refuses an entry whose **By:** names someone other than
// the author of its Source comment, or whose **Rationale:** is not the
// comment's: the story's record must say who decided and why as they did.
func recordMismatch(d story.Decision, cm github.Comment) string {
	if by, ok := d.Field("By"); ok {
		if name := strings.TrimPrefix(strings.TrimSpace(story.Clean(by.Value)), "@"); !strings.EqualFold(name, cm.Author.Login) {
			return fmt.Sprintf("its **By:** names %s, but its Source comment was posted by @%s", name, cm.Author.Login)
		}
	}
	cmds := command.Parse(cm.Body)
	if why, ok := d.Field("Rationale"); ok && len(cmds) == 1 && strings.TrimSpace(why.Value) != transition.RationaleLine(cmds[0].Rationale) {
		return fmt.Sprintf("its **Rationale:** is not what its Source comment says (%q)", transition.RationaleLine(cmds[0].Rationale))
	}
	return ""
}

// comment checks the fetched comment: its place, edits, author, command.
func (c Checker) comment(ctx context.Context, f Finding, cm github.Comment, source string) (string, string, error) {
	if cm.HTMLURL != source {
		return "", fmt.Sprintf("comment %d is %s, not the Source %s", cm.ID, cm.HTMLURL, source), nil
	}
	if cm.Edited() {
		return "", "its Source comment was edited after it was posted, and edited comments never decide", nil
	}
	auth := chatops.Authorizer{Access: c.GitHub, Repo: c.Repo, Approvers: c.Approvers}
	reason, err := auth.Check(ctx, cm.Author, c.PR.Author)
	if err != nil || reason != "" {
		return "", reason, err
	}
	if why := commandMismatch(cm.Body, f); why != "" {
		return "", why, nil
	}
	return "@" + cm.Author.Login, "", nil
}

// commandMismatch checks that the comment holds exactly the command the
// entry records, for this story.
func commandMismatch(body string, f Finding) string {
	cmds := command.Parse(body)
	if len(cmds) != 1 {
		return fmt.Sprintf("its Source comment holds %d commands, not one", len(cmds))
	}
	cmd := cmds[0]
	if !cmd.Matches(f.Event) {
		return fmt.Sprintf("its Source comment says `%s`, which does not decide %s", cmd.Text(), f.Event)
	}
	if cmd.StoryID != "" && !strings.EqualFold(cmd.StoryID, f.StoryID) {
		return fmt.Sprintf("its Source comment is about %s, not %s", cmd.StoryID, f.StoryID)
	}
	return ""
}

func storyID(s *story.Story) string {
	if s.Front != nil && s.Front.ID.Value != "" {
		return s.Front.ID.Value
	}
	return s.Path
}
