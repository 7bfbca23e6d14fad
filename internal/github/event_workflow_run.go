package github

// EventWorkflowRun is the event of the privileged half of the fork-safe
// flow: a workflow_run workflow that publishes an unprivileged run's results.
const EventWorkflowRun = "workflow_run"

// WorkflowRunRef is the workflow run a workflow_run event is about. Its
// head SHA and URL come from GitHub, not from the run's artifacts, so the
// publisher can check an uploaded results document against them.
type WorkflowRunRef struct {
	ID         int64
	Name       string
	Event      string
	Conclusion string
	HTMLURL    string
	// Path is the workflow file the run ran (.github/workflows/…).
	Path string
	// PullRequests lists the numbers GitHub associates with the run; it is
	// empty for runs on forks.
	PullRequests []int
}

type workflowRunPayload struct {
	WorkflowRun struct {
		ID             int64  `json:"id"`
		Name           string `json:"name"`
		Event          string `json:"event"`
		Conclusion     string `json:"conclusion"`
		HTMLURL        string `json:"html_url"`
		Path           string `json:"path"`
		HeadSHA        string `json:"head_sha"`
		HeadBranch     string `json:"head_branch"`
		HeadRepository *struct {
			FullName string `json:"full_name"`
		} `json:"head_repository"`
		PullRequests []struct {
			Number int `json:"number"`
		} `json:"pull_requests"`
	} `json:"workflow_run"`
	// Workflow is the run's workflow; older payloads name its file only
	// here.
	Workflow *struct {
		Path string `json:"path"`
	} `json:"workflow"`
}

// parseWorkflowRun reads completed (and requested) workflow_run events.
func parseWorkflowRun(payload []byte, ev *Event) error {
	var p workflowRunPayload
	if err := decodePayload(payload, &p); err != nil {
		return err
	}
	wr := p.WorkflowRun
	if wr.Path == "" && p.Workflow != nil {
		wr.Path = p.Workflow.Path
	}
	ref := &WorkflowRunRef{ID: wr.ID, Name: wr.Name, Event: wr.Event, Conclusion: wr.Conclusion, HTMLURL: wr.HTMLURL, Path: wr.Path}
	for _, pr := range wr.PullRequests {
		ref.PullRequests = append(ref.PullRequests, pr.Number)
	}
	ev.WorkflowRun, ev.HeadSHA, ev.HeadRef = ref, wr.HeadSHA, wr.HeadBranch
	if wr.HeadRepository != nil {
		ev.HeadRepo = wr.HeadRepository.FullName
	}
	return nil
}
