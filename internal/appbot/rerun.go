package appbot

import (
	"context"
	"fmt"

	"github.com/storygate/storygate/internal/bot"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
)

// checkRun starts the gate workflow again when a reviewer re-requests one
// of storygate's check runs (GitHub sends an App the re-requests of its
// own check runs only; the name is checked too, as the Action does).
func (h *Handler) checkRun(ev github.Event) (work, string) {
	if ev.Action != "rerequested" {
		return work{}, "check_run " + ev.Action + " is not a re-run request"
	}
	if ev.CheckRun == nil {
		return work{}, "the re-requested check run is not storygate's"
	}
	if _, ok := gate.ParseCheckName(ev.CheckRun.Name); !ok {
		return work{}, "the re-requested check run is not storygate's"
	}
	return h.rerunGate(ev)
}

// checkSuite starts the gate workflow again when a reviewer re-runs all
// of the App's checks on a commit.
func (h *Handler) checkSuite(ev github.Event) (work, string) {
	if ev.Action != "rerequested" {
		return work{}, "check_suite " + ev.Action + " is not a re-run request"
	}
	return h.rerunGate(ev)
}

// rerunGate dispatches the gate workflow on the default branch for the
// pull request and head GitHub names, as the commands job starts it after
// a decision (bot.GateDispatch): its results come back as a workflow_run
// the App publishes. Without a pull request (GitHub lists none for a
// fork's branch) there is no base to judge against: re-run the gate job.
func (h *Handler) rerunGate(ev github.Event) (work, string) {
	if ev.PRNumber == 0 || !fullCommit.MatchString(ev.BaseSHA) || !fullCommit.MatchString(ev.HeadSHA) {
		return work{}, "GitHub names no pull request for the re-requested commit (a fork's branch): re-run the gate workflow's job instead"
	}
	return work{at: at(ev.HeadSHA), do: func(ctx context.Context, r *run) error {
		d := bot.GateDispatch(h.deps.GateWorkflow, "refs/heads/"+ev.DefaultBranch, ev.PRNumber, ev.BaseSHA, ev.HeadSHA)
		if err := r.client.StartWorkflow(ctx, ev.Repo, d); err != nil {
			return fmt.Errorf("start the gate %s for #%d at %s: %w", d.Workflow, ev.PRNumber, github.ShortSHA(ev.HeadSHA), err)
		}
		r.log.Info("gate dispatched", "workflow", d.Workflow, "pull_request", ev.PRNumber, "head", ev.HeadSHA)
		return nil
	}}, ""
}

// pullRequest needs nothing of the App: the gate runs in the repository's
// own workflow on pull_request (the unprivileged half), and its results
// come back as a workflow_run. The App posts nothing here, not even a
// queued check run: branch protection already waits for a required check
// that is absent, and a check run the App made before the gate judged
// anything could only be mistaken for a verdict.
func (h *Handler) pullRequest(ev github.Event) (work, string) {
	return work{}, "pull_request " + ev.Action + ": the gate runs in the repository's workflow; its workflow_run is published"
}

// mergeGroup is the merge queue's gate: as for a pull request, the gate
// runs in the repository's workflow (merge_group) and the App publishes
// its workflow_run, the Action's privileged part.
func (h *Handler) mergeGroup(ev github.Event) (work, string) {
	return work{}, "merge_group " + ev.Action + ": the gate runs in the repository's workflow; its workflow_run is published"
}
