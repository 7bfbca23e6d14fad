package bot

import (
	"context"
	"fmt"
	"os/exec"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
)

// ownRoute takes over the events that are not a gate run: slash commands
// (issue_comment) and the scheduled re-verification. ok is false for every
// other event, which the gate router handles.
func (a *actionRun) ownRoute(ctx context.Context) (ok bool, outcome Outcome, err error) {
	switch {
	case a.f.EventName == github.EventIssueComment:
		outcome, err = a.withSetup(ctx, a.issueComment)
		return true, outcome, err
	case a.f.EventName == "schedule" || truthy(a.getenv("INPUT_REVERIFY")):
		outcome, err = a.withSetup(ctx, a.reverify)
		return true, outcome, err
	}
	return false, Passed, nil
}

// withSetup loads the configuration, then runs route.
func (a *actionRun) withSetup(ctx context.Context, route func(context.Context) (Outcome, error)) (Outcome, error) {
	if err := a.loadSetup(); err != nil {
		return Passed, a.usage(err)
	}
	return route(ctx)
}

// issueComment handles one slash command and, when a decision was
// committed, gates the pull request again on that commit: the push was made
// with the workflow's token, which starts no workflow of its own.
func (a *actionRun) issueComment(ctx context.Context) (Outcome, error) {
	ev, err := readEvent(a.f)
	if err != nil {
		return Passed, a.usage(err)
	}
	client, err := a.deps.GitHub.NewClient(ev.InstallationID)
	if err != nil {
		return Passed, a.usage(fmt.Errorf("slash commands need a write-capable token or GitHub App: %w", err))
	}
	deps := chatops.Deps{GitHub: client, Config: a.cfg, Stories: chatops.GitStories(a.root, a.cfg.Stories), Now: a.deps.Now, Rerun: a.rerunGate(ev)}
	out, err := chatops.Handle(ctx, deps, ev)
	if err != nil {
		return Passed, a.fail(err)
	}
	fmt.Fprintf(a.e.stderr, "storygate action: slash command %s %s %s\n", out.Result, out.Event, out.Story)
	return Passed, nil
}

// rerunGate checks out the decision's commit and runs the gate pipeline on
// it, publishing check runs and the sticky comment as a pull_request run
// would.
func (a *actionRun) rerunGate(ev github.Event) func(context.Context, github.PullRequest, string) error {
	return func(ctx context.Context, pr github.PullRequest, commit string) error {
		if err := a.deps.Checkout.Checkout(ctx, a.root, commit); err != nil {
			return err
		}
		a.plan = plan{event: gate.Event{Name: ev.Kind, Action: ev.Action, Repository: ev.Repo.FullName(), PullRequest: pr.Number,
			HeadSHA: commit, HeadRef: pr.HeadRef, BaseSHA: pr.BaseSHA, BaseRef: pr.BaseRef, RunURL: a.runURL()},
			repo: ev.Repo, base: pr.BaseSHA, head: commit, pr: pr.Number, installationID: ev.InstallationID}
		if err := a.loadGateConfig(); err != nil {
			return err
		}
		res, err := a.collect(ctx)
		if err != nil {
			return err
		}
		path, err := a.writeResults(res)
		if err != nil {
			return err
		}
		if err := a.deliver(ctx, res, path); err != nil {
			return fmt.Errorf("publishing the gate failed: %w", err)
		}
		return nil
	}
}

// GitCheckout is the real Checkout: it fetches the commit the contents API
// made and checks it out, with the credentials actions/checkout left in
// the clone.
type GitCheckout struct{}

// Checkout fetches commit from origin and checks it out detached.
func (GitCheckout) Checkout(ctx context.Context, root, commit string) error {
	for _, args := range [][]string{{"fetch", "--no-tags", "origin", commit}, {"checkout", "--quiet", "--detach", commit}} {
		cmd := exec.CommandContext(ctx, "git", append([]string{"-C", root}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %w: %s", args[0], err, out)
		}
	}
	return nil
}
