package appbot

import (
	"context"
	"fmt"

	"github.com/storygate/storygate/internal/bot"
	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/github"
)

// issueComment records a slash command's decision exactly as the
// commands workflow does (bot.Action on issue_comment: authorize, record,
// receipt, react, reply, dispatch the gate), through the installation, so
// that what it posts is the App's. A comment without a command is ignored
// before anything is asked of GitHub.
func (h *Handler) issueComment(ev github.Event) (work, string) {
	if !chatops.HasCommand(ev) {
		return work{}, "no slash command in a new or edited pull request comment (or storygate's own reply)"
	}
	return work{at: pullRequestHead, do: h.recordDecision}, ""
}

// pullRequestHead reads the pull request the comment is on; the claim
// points at its head.
func pullRequestHead(ctx context.Context, r *run) (string, error) {
	pr, err := r.client.PullRequest(ctx, r.ev.Repo, r.ev.PRNumber)
	if err != nil {
		return "", fmt.Errorf("read pull request #%d: %w", r.ev.PRNumber, err)
	}
	r.pr = pr
	return pr.HeadSHA, nil
}

// recordDecision runs the commands job's handler in a clone holding the
// default branch (its work tree, as the commands workflow checks it out),
// the pull request's base and head.
func (h *Handler) recordDecision(ctx context.Context, r *run) error {
	ws, err := h.openWorkspace(ctx, r, r.pr.BaseSHA, []string{r.pr.BaseSHA, r.pr.HeadSHA}, nil)
	if err != nil {
		return err
	}
	defer ws.remove()
	opts := bot.ActionOptions{Root: ws.root, EventName: r.d.Event, EventPath: ws.event, ConfigFile: ws.config}
	_, err = h.bot(r, ws).Action(ctx, opts)
	ws.logOutput(r.log)
	if err != nil {
		return fmt.Errorf("slash command: %w", err)
	}
	return nil
}
