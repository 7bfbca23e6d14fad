package github

type issueCommentPayload struct {
	Issue struct {
		Number int         `json:"number"`
		User   payloadUser `json:"user"`
		// PullRequest is present only when the issue is a pull request.
		PullRequest *struct {
			URL string `json:"url"`
		} `json:"pull_request"`
	} `json:"issue"`
	Comment payloadComment `json:"comment"`
}

// parseIssueComment reads created and edited comments. The payload has no
// head or base SHA: fetch the pull request for those.
func parseIssueComment(payload []byte, ev *Event) error {
	var p issueCommentPayload
	if err := decodePayload(payload, &p); err != nil {
		return err
	}
	ev.PRNumber, ev.PRAuthor = p.Issue.Number, p.Issue.User.user()
	ev.OnPullRequest = p.Issue.PullRequest != nil
	ev.Comment = p.Comment.comment()
	return nil
}
