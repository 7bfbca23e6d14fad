package cli

import (
	"context"
	"fmt"
	"os/exec"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
)

// ownRoute takes over the events that are not a gate run: slash commands
// (issue_comment) and the scheduled re-verification. ok is false for every
// other event, which the gate router handles.
func (a *actionRun) ownRoute() (code int, ok bool) {
	switch {
	case a.f.eventName == github.EventIssueComment:
		return a.withSetup(a.issueComment), true
	case a.f.eventName == "schedule" || truthy(getenv("INPUT_REVERIFY")):
		return a.withSetup(a.reverify), true
	}
	return 0, false
}

// withSetup resolves the root and configuration, then runs route.
func (a *actionRun) withSetup(route func() int) int {
	if err := a.loadSetup(); err != nil {
		return a.usage(err)
	}
	return route()
}

// issueComment handles one slash command and, when a decision was
// committed, gates the pull request again on that commit: the push was made
// with the workflow's token, which starts no workflow of its own.
func (a *actionRun) issueComment() int {
	ev, err := readEvent(a.f)
	if err != nil {
		return a.usage(err)
	}
	cfg, hasCreds, err := githubConfig(ev.InstallationID)
	if err != nil || !hasCreds {
		return a.usage(fmt.Errorf("slash commands need a write-capable token or GitHub App: %v", err))
	}
	client, err := github.NewAdapter(cfg)
	if err != nil {
		return a.usage(err)
	}
	deps := chatops.Deps{GitHub: client, Config: a.cfg, Policy: a.basePolicy, Stories: chatops.GitStories(a.root),
		History: chatops.GitHistory(a.root), Rerun: a.rerunGate(ev)}
	out, err := chatops.Handle(context.Background(), deps, ev)
	if err != nil {
		return a.fail(err)
	}
	fmt.Fprintf(a.e.stderr, "storygate action: slash command %s %s %s\n", out.Result, out.Event, out.Story)
	return ExitOK
}

// basePolicy is the policy a slash command is judged by: the PR base's.
func (a *actionRun) basePolicy(_ context.Context, pr github.PullRequest) (*config.Config, error) {
	return policyAt(a.root, a.f.cfg, pr.BaseSHA)
}

// rerunGate checks out the decision's commit and runs the gate pipeline on
// it, publishing check runs and the sticky comment as a pull_request run
// would.
func (a *actionRun) rerunGate(ev github.Event) func(context.Context, github.PullRequest, string) error {
	return func(ctx context.Context, pr github.PullRequest, commit string) error {
		if err := checkoutForRerun(ctx, a.root, commit); err != nil {
			return err
		}
		a.plan = plan{event: gate.Event{Name: ev.Kind, Action: ev.Action, Repository: ev.Repo.FullName(), PullRequest: pr.Number,
			HeadSHA: commit, HeadRef: pr.HeadRef, BaseSHA: pr.BaseSHA, BaseRef: pr.BaseRef, RunURL: runURL()},
			repo: ev.Repo, base: pr.BaseSHA, head: commit, pr: pr.Number, installationID: ev.InstallationID}
		if err := a.loadGateConfig(); err != nil {
			return err
		}
		res, err := a.collect()
		if err != nil {
			return err
		}
		path, err := a.writeResults(res)
		if err != nil {
			return err
		}
		if code := a.deliver(res, path); code >= 0 {
			return fmt.Errorf("publishing the gate failed (exit %d)", code)
		}
		return nil
	}
}

// checkoutForRerun brings the decision's commit into the checkout; tests
// replace it, having no remote to fetch from.
var checkoutForRerun = checkoutCommit

// checkoutCommit fetches the commit the contents API made and checks it
// out, with the credentials actions/checkout left in the clone.
func checkoutCommit(ctx context.Context, root, commit string) error {
	for _, args := range [][]string{{"fetch", "--no-tags", "origin", commit}, {"checkout", "--quiet", "--detach", commit}} {
		cmd := exec.CommandContext(ctx, "git", append([]string{"-C", root}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %w: %s", args[0], err, out)
		}
	}
	return nil
}
