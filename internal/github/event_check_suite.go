package github

// EventCheckSuite is a check suite's event; storygate as a GitHub App acts
// on its rerequested action (re-run all checks).
const EventCheckSuite = "check_suite"

type checkSuitePayload struct {
	CheckSuite struct {
		ID           int64  `json:"id"`
		HeadSHA      string `json:"head_sha"`
		HeadBranch   string `json:"head_branch"`
		PullRequests []struct {
			Number int           `json:"number"`
			Head   payloadBranch `json:"head"`
			Base   payloadBranch `json:"base"`
		} `json:"pull_requests"`
	} `json:"check_suite"`
}

// parseCheckSuite reads rerequested: the suite's commit and, when GitHub
// lists one, the pull request (it does not for forks).
func parseCheckSuite(payload []byte, ev *Event) error {
	var p checkSuitePayload
	if err := decodePayload(payload, &p); err != nil {
		return err
	}
	cs := p.CheckSuite
	ev.HeadSHA, ev.HeadRef = cs.HeadSHA, cs.HeadBranch
	if len(cs.PullRequests) > 0 {
		pr := cs.PullRequests[0]
		ev.PRNumber, ev.OnPullRequest = pr.Number, true
		ev.BaseSHA, ev.BaseRef = pr.Base.SHA, pr.Base.Ref
	}
	return nil
}
