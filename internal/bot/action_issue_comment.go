package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/target"
)

// ownRoute takes over the events that are not a gate run: slash commands
// (issue_comment) and the scheduled re-verification, in one job or as the
// two phases of storygate-reverify.yml (INPUT_REVERIFY publish is the
// privileged one). ok is false for every
// other event, which the gate router handles.
func (a *actionRun) ownRoute(ctx context.Context) (ok bool, outcome Outcome, err error) {
	switch {
	case a.f.EventName == github.EventIssueComment:
		outcome, err = a.withSetup(ctx, a.issueComment)
		return true, outcome, err
	case strings.EqualFold(strings.TrimSpace(a.getenv("INPUT_REVERIFY")), "publish"):
		outcome, err = a.reverifyPublish(ctx)
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
// committed, starts the gate on that commit as an unprivileged run: the
// push was made with the workflow's token, which starts no workflow of its
// own, and this job, which holds a write token, runs nothing from the pull
// request.
func (a *actionRun) issueComment(ctx context.Context) (Outcome, error) {
	ev, err := readEvent(a.f)
	if err != nil {
		return Passed, a.usage(err)
	}
	client, err := a.deps.GitHub.NewClient(ev.InstallationID, a.githubTimeouts())
	if err != nil {
		return Passed, a.usage(fmt.Errorf("slash commands need a write-capable token or GitHub App: %w", err))
	}
	history, err := chatops.NewHistory(a.t)
	if err != nil {
		return Passed, a.fail(err)
	}
	deps := chatops.Deps{GitHub: client, Config: a.cfg, Policy: a.basePolicy, Stories: chatops.GitStories(a.prTarget), Target: a.prTarget,
		History: history, Now: a.deps.Now, Rerun: a.dispatchGate(ev, client)}
	out, err := chatops.Handle(ctx, deps, ev)
	if err != nil {
		return Passed, a.fail(err)
	}
	fmt.Fprintf(a.e.stderr, "storygate action: slash command %s %s %s\n", out.Result, out.Event, out.Story)
	return Passed, nil
}

// basePolicy is the policy a slash command is judged by: the PR base's,
// for an explicit file inside the checkout too, so a pull request cannot
// relax its own approvers (target.Open).
func (a *actionRun) basePolicy(_ context.Context, pr github.PullRequest) (*config.Config, error) {
	t, err := a.prTarget(pr)
	if err != nil {
		return nil, err
	}
	return a.policyOf(t), nil
}

// errHeadNotFetched reports a pull request head, as GitHub names it, that
// the commands job's checkout lacks. It is GitHub's state moving past the
// job's fetch, not a usage error: the job exits 3 and its re-run, which
// fetches again, completes what was left (see chatops' alreadyRecorded).
var errHeadNotFetched = errors.New("the pull request's head is not in this job's checkout")

// prTarget opens, once per base and head, the target of the pull request
// a slash command is about: its base and head commits as GitHub names
// them, the change between them and the base's policy.
func (a *actionRun) prTarget(pr github.PullRequest) (*target.Target, error) {
	key := pr.BaseSHA + ".." + pr.HeadSHA
	if t, ok := a.prTargets[key]; ok {
		return t, nil
	}
	if _, err := a.t.Object(pr.HeadSHA); errors.Is(err, gitrepo.ErrRevisionMissing) {
		return nil, fmt.Errorf("%w: pull request #%d is at %s, which this job's checkout does not hold: the branch moved after the job fetched it (a commit storygate recorded, a push) or GitHub had not yet published refs/pull/%d/head; re-run the job (the shipped storygate-commands.yml fetches the head)",
			errHeadNotFetched, pr.Number, shortSHA(pr.HeadSHA), pr.Number)
	}
	t, err := target.Open(a.targetOptions(a.root, pr.BaseSHA, pr.HeadSHA))
	if err != nil {
		return nil, fmt.Errorf("pull request #%d: %w", pr.Number, err)
	}
	if a.prTargets == nil {
		a.prTargets = map[string]*target.Target{}
	}
	a.prTargets[key] = t
	return t, nil
}

// defaultGateWorkflow is the workflow file the gate runs in unless the
// gate-workflow input names another.
const defaultGateWorkflow = "storygate.yml"

// dispatchGate starts the gate workflow for the decision's commit with
// workflow_dispatch, on the ref this job runs on (the default branch, whose
// workflow file is trusted). That run holds a read-only token and reports
// through the results document; the privileged publish on workflow_run
// posts it, as for every pull request. The run is named by the gate
// workflow's run-name (gate.DispatchRunName), by which a dispatch whose
// answer was lost is found before it is sent again.
func (a *actionRun) dispatchGate(ev github.Event, client Client) func(context.Context, github.PullRequest, string) error {
	return func(ctx context.Context, pr github.PullRequest, commit string) error {
		workflow := a.gateWorkflow()
		ref := a.getenv("GITHUB_REF")
		if ref == "" {
			return fmt.Errorf("start the gate for %s: GITHUB_REF is not set", shortSHA(commit))
		}
		d := GateDispatch(workflow, ref, pr.Number, pr.BaseSHA, commit)
		if err := client.StartWorkflow(ctx, ev.Repo, d); err != nil {
			return fmt.Errorf("start the gate %s for %s (the decision is recorded; re-run this job to start it): %w", workflow, shortSHA(commit), err)
		}
		fmt.Fprintf(a.e.stderr, "storygate action: started %s on %s for pull request #%d at %s\n", workflow, ref, pr.Number, shortSHA(commit))
		return nil
	}
}

// GateDispatch is the workflow_dispatch that starts the gate workflow on
// ref for pull request pr at head against base: the inputs the gate
// workflow reads (planWorkflowDispatch) and the run-name publish binds the
// document to (gate.DispatchRunName). The commands job and storygate as a
// GitHub App (internal/appbot) both start the gate with it.
func GateDispatch(workflow, ref string, pr int, base, head string) github.WorkflowDispatch {
	inputs := map[string]string{dispatchPullRequest: strconv.Itoa(pr), dispatchHead: head, dispatchBase: base}
	return github.WorkflowDispatch{Workflow: workflow, Ref: ref, Inputs: inputs, RunName: gate.DispatchRunName(pr, head)}
}

func shortSHA(sha string) string { return sha[:min(len(sha), 12)] }
