// Package chatops turns slash commands in pull request comments into human
// decisions on stories: it reads the commands (package command), checks
// that the commenter may decide, records the Decision entry and the human
// move through the same transition code as the CLI, commits it to the PR's
// head branch without clobbering concurrent pushes, and answers every
// refusal with the reason and what would be allowed.
package chatops

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/transition"
)

// Client is what handling a command needs of GitHub.
type Client interface {
	github.Comments
	github.Access
	github.Contents
	github.Commits
	github.Ledger
	// Self is the account the handler posts as: it must be the App the
	// policy pins storygate to, if any (github.Self.RequireApp).
	Self(ctx context.Context) (github.Self, error)
}

// Deps are the handler's collaborators.
type Deps struct {
	GitHub Client
	// Config is the policy when Policy is nil (tests).
	Config *config.Config
	// Policy loads the policy that governs a pull request: the base
	// branch's configuration, never the PR's own (see cli loadConfig).
	Policy func(ctx context.Context, pr github.PullRequest) (*config.Config, error)
	// Stories lists the PR's story files (see GitStories).
	Stories Finder
	// Target opens a pull request's target (its base, merge base and
	// head), where a ruling on the revert check reads the edits it rules
	// on; nil refuses rulings.
	Target TargetFor
	// History is the checkout's git history (OpenHistory), where approved
	// content is read at the commits GitHub's records name.
	History History
	// Now is the clock for log rows; nil means time.Now.
	Now func() time.Time
	// Rerun re-runs the gate on the commit that recorded a decision; nil
	// skips it. Pushes made with GITHUB_TOKEN start no workflow, so the
	// gate has to run again in the same job.
	Rerun func(ctx context.Context, pr github.PullRequest, commitSHA string) error
}

// Result says what Handle did with a comment.
type Result string

// The results of Handle.
const (
	Ignored   Result = "ignored"   // no command, not a PR, or storygate's own reply
	Answered  Result = "answered"  // help or unknown command: replied with what is legal
	Refused   Result = "refused"   // replied with the reason and what is allowed
	Applied   Result = "applied"   // decision recorded and committed
	Duplicate Result = "duplicate" // the comment's decision is already recorded
)

// Outcome reports what Handle did.
type Outcome struct {
	Result Result
	// Story is the repository path of the story decided on; Event the
	// event decided.
	Story string
	Event lifecycle.Event
	// Commit is the commit that recorded the decision.
	Commit string
	// Reason is the refusal reason.
	Reason string
}

// Handle acts on an issue_comment event: one slash command per comment,
// from an authorized person, in an unedited comment, at the state it
// applies to. Everything else is refused with a reply, or ignored when the
// comment holds no command.
func Handle(ctx context.Context, d Deps, ev github.Event) (Outcome, error) {
	cmds, ok := commandsIn(ev)
	if !ok || (ev.Action != "created" && ev.Action != "edited") {
		return Outcome{Result: Ignored}, nil
	}
	h := &handler{deps: d, ev: ev, cmds: cmds, comment: *ev.Comment}
	if err := h.load(ctx); err != nil {
		return Outcome{}, fmt.Errorf("slash command in comment %d on %s#%d: %w", ev.Comment.ID, ev.Repo, ev.PRNumber, err)
	}
	out, err := h.decide(ctx)
	if err != nil {
		return out, fmt.Errorf("slash command in comment %d on %s#%d: %w", ev.Comment.ID, ev.Repo, ev.PRNumber, err)
	}
	return out, nil
}

// commandsIn returns the commands of a PR comment, skipping storygate's
// own replies.
func commandsIn(ev github.Event) ([]command.Command, bool) {
	if ev.Kind != github.EventIssueComment || !ev.OnPullRequest || ev.Comment == nil {
		return nil, false
	}
	if strings.Contains(ev.Comment.Body, ReplyMarker) {
		return nil, false
	}
	cmds := command.Parse(ev.Comment.Body)
	return cmds, len(cmds) > 0
}

// handler is one command being handled.
type handler struct {
	deps     Deps
	ev       github.Event
	cmds     []command.Command
	comment  github.Comment
	auth     Authorizer
	recorder Recorder
	pr       github.PullRequest
	stories  []prStory
}

// load fetches the comment as GitHub has it now (not as the payload says),
// the pull request and, unless it comes from a fork, its stories.
func (h *handler) load(ctx context.Context) error {
	c, err := h.deps.GitHub.GetComment(ctx, h.ev.Repo, h.comment.ID)
	if err != nil {
		return err
	}
	h.comment = c
	if h.pr, err = h.deps.GitHub.PullRequest(ctx, h.ev.Repo, h.ev.PRNumber); err != nil {
		return err
	}
	cfg, err := h.policy(ctx)
	if err != nil {
		return err
	}
	h.auth = Authorizer{Access: h.deps.GitHub, Repo: h.ev.Repo, Approvers: cfg.Approvers}
	h.recorder = RecorderOf(cfg.Approvers)
	if err := h.postingAsTheRecorder(ctx); err != nil {
		return err
	}
	if h.pr.IsFork() {
		return nil
	}
	paths, err := h.deps.Stories(ctx, h.pr, cfg.Stories)
	if err != nil {
		return err
	}
	h.stories, err = loadStories(ctx, h.deps.GitHub, h.deps.History, h.ev.Repo, h.pr.HeadRef, paths)
	return err
}

// policy is the configuration that governs this pull request.
func (h *handler) policy(ctx context.Context) (*config.Config, error) {
	if h.deps.Policy == nil {
		return h.deps.Config, nil
	}
	cfg, err := h.deps.Policy(ctx, h.pr)
	if err != nil {
		return nil, fmt.Errorf("policy of the base branch %s: %w", h.pr.BaseRef, err)
	}
	return cfg, nil
}

// decide runs the checks in order; the first that fails is the reply.
func (h *handler) decide(ctx context.Context) (Outcome, error) {
	cmd := h.cmds[0]
	if reason := h.commentProblem(); reason != "" {
		return h.refuse(ctx, cmd, reason)
	}
	if again := command.Parse(h.comment.Body); len(again) > 0 {
		h.cmds, cmd = again, again[0]
	}
	if cmd.IsHelp() || !cmd.Known() {
		return h.answer(ctx, cmd)
	}
	if len(h.cmds) > 1 {
		return h.refuse(ctx, cmd, fmt.Sprintf("the comment holds %d commands; post one command per comment", len(h.cmds)))
	}
	reason, err := h.auth.Check(ctx, h.comment.Author, h.pr.Author)
	if err != nil {
		return Outcome{}, fmt.Errorf("authorize @%s: %w", h.comment.Author.Login, err)
	}
	if reason != "" {
		return h.refuse(ctx, cmd, reason)
	}
	if cmd.IsRuling() {
		return h.rule(ctx, cmd)
	}
	return h.decideFor(ctx, cmd)
}

// commentProblem refuses edited comments and pull requests storygate
// cannot write to.
func (h *handler) commentProblem() string {
	switch {
	case h.ev.Action == "edited" || h.comment.Edited():
		return "edited comments never decide; post the command in a new comment"
	case h.pr.IsFork():
		return fmt.Sprintf("the head branch lives in the fork %s, which this workflow cannot push to; a maintainer can record the decision with `storygate transition` on that branch", h.pr.HeadRepo)
	}
	return ""
}

// decideFor checks the command against the story's state, then applies it.
func (h *handler) decideFor(ctx context.Context, cmd command.Command) (Outcome, error) {
	event, err := cmd.Event()
	if err != nil {
		return h.refuse(ctx, cmd, err.Error())
	}
	for _, s := range h.stories {
		if RecordedFrom(s.story, h.comment.ID) {
			return h.alreadyRecorded(ctx, s, cmd, event)
		}
	}
	target, why := selectStory(h.stories, cmd)
	if why != "" {
		return h.refuse(ctx, cmd, why)
	}
	if _, ok := lifecycle.Lookup(target.state(), event); !ok {
		if local, ok := transition.LocalDecision(target.story, event); ok {
			target.adopting = local.GateState()
			return h.apply(ctx, target, cmd, event)
		}
		return h.refuse(ctx, cmd, wrongState(target, cmd, event))
	}
	return h.apply(ctx, target, cmd, event)
}

func wrongState(s prStory, cmd command.Command, event lifecycle.Event) string {
	var at []string
	for _, t := range lifecycle.Table() {
		if t.Event == event {
			at = append(at, "`"+string(t.From)+"`")
		}
	}
	return fmt.Sprintf("%s is at %s, and `%s` applies only at %s", s.shown(), inert.Code(string(s.state())), "/"+cmd.Name, strings.Join(at, ", "))
}

// HasCommand reports whether Handle acts on ev at all: a created or edited
// pull request comment, not one of storygate's replies, holding a command.
// storygate as a GitHub App asks before it claims the delivery.
func HasCommand(ev github.Event) bool {
	_, ok := commandsIn(ev)
	return ok && (ev.Action == "created" || ev.Action == "edited")
}
