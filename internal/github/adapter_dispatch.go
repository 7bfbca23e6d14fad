package github

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// WorkflowDispatch is one start of a workflow with workflow_dispatch.
type WorkflowDispatch struct {
	// Workflow is the workflow file, e.g. "storygate.yml"; Ref the branch
	// (or tag) it runs on, as "refs/heads/main" or "main".
	Workflow, Ref string
	Inputs        map[string]string
	// RunName is the name (display_title) the workflow's run-name gives
	// the run this dispatch starts, by which a dispatch whose answer was
	// lost is found again. Empty means the run cannot be told from
	// others: a lost answer is returned as an error, never resent.
	RunName string
}

// dispatchClockSkew is how far before the send a run the dispatch started
// may be stamped: GitHub stamps created_at by its clock, the runner's own
// may be behind or ahead. A run found this early with the same name is a
// run for the same pull request and head, which serves as well.
const dispatchClockSkew = 2 * time.Minute

// dispatchLooks bounds how many times the runs are listed for a dispatch
// whose answer was lost: a new run shows in GitHub's lists some seconds
// after the dispatch, so the looks back off (1 s, 2 s, 4 s, … by the
// retry policy) before it is taken as never started.
const dispatchLooks = 6

// StartWorkflow implements Workflows. GitHub answers a dispatch with 204
// and no run id, and does not deduplicate it: when the answer is lost (a
// 5xx, a reset, a timed-out attempt, any of which may come after GitHub
// started the run), the workflow's runs are listed, patiently, for one
// named d.RunName created since just before the send, and the dispatch is
// sent again only when none appears. A refusal (4xx) is returned as it is.
func (a *Adapter) StartWorkflow(ctx context.Context, repo Repo, d WorkflowDispatch) error {
	since := a.retry.Now().Add(-dispatchClockSkew)
	for attempt := 0; ; attempt++ {
		err := a.dispatch(withoutResend(ctx), repo, d)
		if err == nil || d.RunName == "" || !answerLost(ctx, err) || attempt >= a.retry.MaxRetries {
			return err
		}
		started, ferr := a.awaitDispatchedRun(ctx, repo, d, since)
		if ferr != nil {
			return fmt.Errorf("%w; looking for the run it may have started: %w", err, ferr)
		}
		if started {
			return nil
		}
	}
}

// awaitDispatchedRun lists the runs for d up to dispatchLooks times, with
// the retry policy's backoff between looks, until one is d's.
func (a *Adapter) awaitDispatchedRun(ctx context.Context, repo Repo, d WorkflowDispatch, since time.Time) (bool, error) {
	for look := 0; ; look++ {
		found, err := a.dispatchedRunListed(ctx, repo, d, since)
		if err != nil || found || look+1 >= dispatchLooks {
			return found, err
		}
		if err := a.retry.Sleep(ctx, min(a.retry.BaseDelay<<look, a.retry.MaxDelay)); err != nil {
			return false, err
		}
	}
}

// workflowRunsJSON is GitHub's list of workflow runs.
type workflowRunsJSON struct {
	Runs []workflowRunJSON `json:"workflow_runs"`
}

// dispatchedRunListed reports whether a workflow_dispatch run of d's
// workflow on d's branch, among the latest 100, created since since, is
// named d.RunName.
func (a *Adapter) dispatchedRunListed(ctx context.Context, repo Repo, d WorkflowDispatch, since time.Time) (bool, error) {
	// GitHub lists the newest runs first. Its created filter takes a
	// range only in a search syntax its OpenAPI description does not
	// allow, so the time is compared here.
	q := url.Values{"event": {"workflow_dispatch"}, "per_page": {"100"}}
	if branch, ok := strings.CutPrefix(d.Ref, "refs/heads/"); ok || !strings.HasPrefix(d.Ref, "refs/") {
		q.Set("branch", branch)
	}
	path := fmt.Sprintf("repos/%s/%s/actions/workflows/%s/runs?%s", url.PathEscape(repo.Owner), url.PathEscape(repo.Name), url.PathEscape(d.Workflow), q.Encode())
	var list workflowRunsJSON
	if _, err := a.getJSON(ctx, path, &list); err != nil {
		return false, fmt.Errorf("runs of workflow %s in %s: %w", d.Workflow, repo, err)
	}
	for _, run := range list.Runs {
		if run.Event == "workflow_dispatch" && run.DisplayTitle == d.RunName && !run.CreatedAt.Before(since) {
			return true, nil
		}
	}
	return false, nil
}
