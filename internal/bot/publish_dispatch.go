package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/publish"
	"github.com/storygate/storygate/internal/target"
)

// gateWorkflow is the gate's workflow file (the gate-workflow input):
// the one the command handler dispatches, and the only one publish
// accepts a dispatched document from.
func (b *Bot) gateWorkflow() string {
	return firstNonEmpty(strings.TrimSpace(b.getenv("INPUT_GATE-WORKFLOW")), defaultGateWorkflow)
}

// bindDispatch accepts the document of a workflow_dispatch run only when
// the run is one storygate's command handler started (dispatchGate): GitHub
// must report it (GET /repos/{owner}/{repo}/actions/runs/{run_id}) as a
// dispatch of the gate workflow on the default branch, at a commit of that
// branch the trusted checkout holds, by the identity the commands run as
// (approvers.recorder), and named by the gate workflow's run-name for the
// pull request and head the document names (gate.DispatchRunName): the
// dispatch inputs are not in the run, its display title is, so a run the
// handler started for one pull request cannot carry a document for
// another. A dispatch on the agent's own branch runs the agent's workflow
// file, which writes what document it likes.
func (b *Bot) bindDispatch(ctx context.Context, gh publishClient, ev github.Event, t publish.Target, checkout *target.Target) error {
	if ev.WorkflowRun == nil || ev.WorkflowRun.Event != github.EventWorkflowDispatch {
		return nil
	}
	run, err := gh.WorkflowRun(ctx, t.Repo, ev.WorkflowRun.ID)
	if err != nil {
		return fmt.Errorf("check the dispatched run %d: %w", ev.WorkflowRun.ID, err)
	}
	var approvers config.Approvers
	if t.Approvers != nil {
		approvers = *t.Approvers
	}
	if why := notFromTheHandler(run, ev.DefaultBranch, b.gateWorkflow(), chatops.RecorderOf(approvers)); why != "" {
		return fmt.Errorf("%w: workflow run %d %s; only the gate storygate's command handler dispatches on the default branch is published", errRefused, run.ID, why)
	}
	if want := gate.DispatchRunName(t.PullRequest, t.HeadSHA); run.DisplayTitle != want {
		return fmt.Errorf("%w: workflow run %d is named %q, not %q: it was not dispatched for pull request #%d at %s (the gate workflow's run-name names a dispatch's inputs)",
			errRefused, run.ID, run.DisplayTitle, want, t.PullRequest, shortSHA(t.HeadSHA))
	}
	return onDefaultBranch(checkout, run.HeadSHA)
}

// notFromTheHandler says why run is not a dispatch of the gate workflow
// on the default branch by the recorder; "" when it is.
func notFromTheHandler(run github.WorkflowRun, defaultBranch, workflow string, recorder chatops.Recorder) string {
	path, _, _ := strings.Cut(run.Path, "@")
	switch {
	case run.Event != github.EventWorkflowDispatch:
		return fmt.Sprintf("is a %s run, not a dispatch", run.Event)
	case defaultBranch == "" || run.HeadBranch != defaultBranch:
		return fmt.Sprintf("ran on %q, not on the default branch %q", run.HeadBranch, defaultBranch)
	case path != ".github/workflows/"+workflow:
		return fmt.Sprintf("ran %s, not the gate workflow .github/workflows/%s (gate-workflow)", run.Path, workflow)
	case run.Actor.Type != "Bot" || !strings.EqualFold(run.Actor.Login, recorder.Login):
		return fmt.Sprintf("was started by @%s, not by storygate's command handler %s (approvers.recorder)", run.Actor.Login, recorder)
	}
	return ""
}

// onDefaultBranch refuses a dispatched run's commit that is not on the
// branch the trusted checkout holds (the default branch): a tag named
// like the default branch runs its own workflow file.
func onDefaultBranch(checkout *target.Target, sha string) error {
	if shaOrEmpty(sha) == "" {
		return fmt.Errorf("%w: the dispatched run names no commit", errRefused)
	}
	commit, err := checkout.Object(sha)
	if err != nil {
		return fmt.Errorf("%w: the dispatched run's commit %s is not in the default branch's checkout: %v", errRefused, shortSHA(sha), err)
	}
	head := checkout.Head()
	if head == nil {
		return fmt.Errorf("%w: the trusted checkout has no commit checked out", errRefused)
	}
	if ok, err := isAncestor(commit, head); err != nil || !ok {
		return fmt.Errorf("%w: the dispatched run's commit %s is not on the default branch the trusted checkout holds (%s)", errRefused, shortSHA(sha), shortSHA(head.Hash.String()))
	}
	return nil
}
