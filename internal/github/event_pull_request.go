package github

// payloadBranch is one end of a pull request in a webhook payload. The
// repository is null when a fork was deleted.
type payloadBranch struct {
	SHA  string `json:"sha"`
	Ref  string `json:"ref"`
	Repo *struct {
		FullName string `json:"full_name"`
	} `json:"repo"`
}

func (b payloadBranch) repoName() string {
	if b.Repo == nil {
		return ""
	}
	return b.Repo.FullName
}

type pullRequestPayload struct {
	PullRequest struct {
		Number int           `json:"number"`
		User   payloadUser   `json:"user"`
		Head   payloadBranch `json:"head"`
		Base   payloadBranch `json:"base"`
	} `json:"pull_request"`
}

// parsePullRequest reads opened, synchronize, reopened and edited events.
func parsePullRequest(payload []byte, ev *Event) error {
	var p pullRequestPayload
	if err := decodePayload(payload, &p); err != nil {
		return err
	}
	pr := p.PullRequest
	ev.PRNumber, ev.OnPullRequest, ev.PRAuthor = pr.Number, true, pr.User.user()
	ev.HeadSHA, ev.HeadRef, ev.HeadRepo = pr.Head.SHA, pr.Head.Ref, pr.Head.repoName()
	ev.BaseSHA, ev.BaseRef = pr.Base.SHA, pr.Base.Ref
	return nil
}
