package github

import (
	"context"
	"fmt"
	"net/url"
	"time"

	gh "github.com/google/go-github/v62/github"
)

// Workflows starts workflow runs.
type Workflows interface {
	// DispatchWorkflow starts the workflow file (e.g. "storygate.yml") on
	// ref with inputs, as workflow_dispatch. Unlike a push, a dispatch made
	// with GITHUB_TOKEN does start a run. A lost answer is an error: the
	// run cannot be recognised, so the dispatch is not resent.
	DispatchWorkflow(ctx context.Context, repo Repo, workflow, ref string, inputs map[string]string) error
	// StartWorkflow is DispatchWorkflow for a run named d.RunName: a
	// dispatch whose answer was lost is looked for among the workflow's
	// runs before it is sent again, so the workflow starts once.
	StartWorkflow(ctx context.Context, repo Repo, d WorkflowDispatch) error
	// WorkflowRun reads one workflow run.
	WorkflowRun(ctx context.Context, repo Repo, id int64) (WorkflowRun, error)
}

// WorkflowRun is a workflow run as the API reports it: what started it,
// where, from which workflow file and by whom. A dispatched run's inputs
// are not part of it.
type WorkflowRun struct {
	ID    int64
	Event string
	// HeadBranch and HeadSHA are the branch the run ran on and its commit:
	// for a dispatch, the ref it was dispatched on.
	HeadBranch, HeadSHA string
	// Path is the workflow file, e.g. .github/workflows/storygate.yml
	// (GitHub may add @ref for a reusable workflow).
	Path string
	// Actor started the run; TriggeringActor started its latest attempt.
	Actor, TriggeringActor User
	// DisplayTitle is the run's name: the workflow's run-name evaluated
	// when the run started.
	DisplayTitle string
}

// DispatchWorkflow implements Workflows: a dispatch without a run name,
// never resent.
func (a *Adapter) DispatchWorkflow(ctx context.Context, repo Repo, workflow, ref string, inputs map[string]string) error {
	return a.StartWorkflow(ctx, repo, WorkflowDispatch{Workflow: workflow, Ref: ref, Inputs: inputs})
}

// dispatch sends d once.
func (a *Adapter) dispatch(ctx context.Context, repo Repo, d WorkflowDispatch) error {
	req := gh.CreateWorkflowDispatchEventRequest{Ref: d.Ref}
	if len(d.Inputs) > 0 {
		req.Inputs = make(map[string]interface{}, len(d.Inputs))
		for k, v := range d.Inputs {
			req.Inputs[k] = v
		}
	}
	resp, err := a.gh.Actions.CreateWorkflowDispatchEventByFileName(ctx, repo.Owner, repo.Name, d.Workflow, req)
	if err != nil {
		return apiError(fmt.Sprintf("dispatch workflow %s on %s of %s", d.Workflow, d.Ref, repo), resp, err)
	}
	return nil
}

// workflowRunJSON is the part of GitHub's workflow-run schema read here;
// go-github's type has no path.
type workflowRunJSON struct {
	ID              int64       `json:"id"`
	Event           string      `json:"event"`
	HeadBranch      string      `json:"head_branch"`
	HeadSHA         string      `json:"head_sha"`
	Path            string      `json:"path"`
	Actor           payloadUser `json:"actor"`
	TriggeringActor payloadUser `json:"triggering_actor"`
	DisplayTitle    string      `json:"display_title"`
	CreatedAt       time.Time   `json:"created_at"`
}

// WorkflowRun implements Workflows.
func (a *Adapter) WorkflowRun(ctx context.Context, repo Repo, id int64) (WorkflowRun, error) {
	var run workflowRunJSON
	path := fmt.Sprintf("repos/%s/%s/actions/runs/%d", url.PathEscape(repo.Owner), url.PathEscape(repo.Name), id)
	if _, err := a.getJSON(ctx, path, &run); err != nil {
		return WorkflowRun{}, fmt.Errorf("workflow run %d of %s: %w", id, repo, err)
	}
	return WorkflowRun{ID: run.ID, Event: run.Event, HeadBranch: run.HeadBranch, HeadSHA: run.HeadSHA, Path: run.Path,
		Actor: run.Actor.user(), TriggeringActor: run.TriggeringActor.user(), DisplayTitle: run.DisplayTitle}, nil
}
