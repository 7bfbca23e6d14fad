package appbot

import "github.com/storygate/storygate/internal/github"

// workflowRun publishes a completed gate run's results.
func (h *Handler) workflowRun(ev github.Event) (work, string) {
	return work{}, "workflow_run: not yet"
}
