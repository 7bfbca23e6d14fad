package github

type checkRunPayload struct {
	CheckRun struct {
		ID         int64  `json:"id"`
		Name       string `json:"name"`
		ExternalID string `json:"external_id"`
		HeadSHA    string `json:"head_sha"`
		CheckSuite struct {
			HeadBranch string `json:"head_branch"`
		} `json:"check_suite"`
		PullRequests []listedPullRequest `json:"pull_requests"`
	} `json:"check_run"`
}

// listedPullRequest is a pull request as check runs and suites list
// theirs (GitHub lists none for a fork's branch).
type listedPullRequest struct {
	Number int           `json:"number"`
	Head   payloadBranch `json:"head"`
	Base   payloadBranch `json:"base"`
}

// firstPullRequest sets ev's pull request from the first one listed.
func firstPullRequest(prs []listedPullRequest, ev *Event) {
	if len(prs) > 0 {
		pr := prs[0]
		ev.PRNumber, ev.OnPullRequest = pr.Number, true
		ev.BaseSHA, ev.BaseRef = pr.Base.SHA, pr.Base.Ref
	}
}

// parseCheckRun reads rerequested: the run to redo, its commit and, when
// GitHub lists one, the pull request (it does not for forks).
func parseCheckRun(payload []byte, ev *Event) error {
	var p checkRunPayload
	if err := decodePayload(payload, &p); err != nil {
		return err
	}
	cr := p.CheckRun
	ev.CheckRun = &CheckRunRef{ID: cr.ID, Name: cr.Name, ExternalID: cr.ExternalID}
	ev.HeadSHA, ev.HeadRef = cr.HeadSHA, cr.CheckSuite.HeadBranch
	firstPullRequest(cr.PullRequests, ev)
	return nil
}
