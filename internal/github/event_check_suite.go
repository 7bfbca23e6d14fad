package github

// EventCheckSuite is a check suite's event; storygate as a GitHub App acts
// on its rerequested action (re-run all checks).
const EventCheckSuite = "check_suite"

type checkSuitePayload struct {
	CheckSuite struct {
		ID           int64               `json:"id"`
		HeadSHA      string              `json:"head_sha"`
		HeadBranch   string              `json:"head_branch"`
		PullRequests []listedPullRequest `json:"pull_requests"`
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
	firstPullRequest(cs.PullRequests, ev)
	return nil
}
