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
		PullRequests []struct {
			Number int           `json:"number"`
			Head   payloadBranch `json:"head"`
			Base   payloadBranch `json:"base"`
		} `json:"pull_requests"`
	} `json:"check_run"`
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
	if len(cr.PullRequests) > 0 {
		pr := cr.PullRequests[0]
		ev.PRNumber, ev.OnPullRequest = pr.Number, true
		ev.BaseSHA, ev.BaseRef = pr.Base.SHA, pr.Base.Ref
	}
	return nil
}
