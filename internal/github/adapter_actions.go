package github

import (
	"context"
	"fmt"

	gh "github.com/google/go-github/v62/github"
)

// Workflows starts workflow runs.
type Workflows interface {
	// DispatchWorkflow starts the workflow file (e.g. "storygate.yml") on
	// ref with inputs, as workflow_dispatch. Unlike a push, a dispatch made
	// with GITHUB_TOKEN does start a run.
	DispatchWorkflow(ctx context.Context, repo Repo, workflow, ref string, inputs map[string]string) error
}

// DispatchWorkflow implements Workflows.
func (a *Adapter) DispatchWorkflow(ctx context.Context, repo Repo, workflow, ref string, inputs map[string]string) error {
	req := gh.CreateWorkflowDispatchEventRequest{Ref: ref}
	if len(inputs) > 0 {
		req.Inputs = make(map[string]interface{}, len(inputs))
		for k, v := range inputs {
			req.Inputs[k] = v
		}
	}
	resp, err := a.gh.Actions.CreateWorkflowDispatchEventByFileName(ctx, repo.Owner, repo.Name, workflow, req)
	if err != nil {
		return apiError(fmt.Sprintf("dispatch workflow %s on %s of %s", workflow, ref, repo), resp, err)
	}
	return nil
}
