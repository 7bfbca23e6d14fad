package bot

import (
	"strings"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
)

// gatedPullRequestActions are the pull_request actions that change what the
// gate sees; "edited" covers a changed base branch.
var gatedPullRequestActions = map[string]bool{"opened": true, "synchronize": true, "reopened": true, "edited": true}

// planPullRequest gates the pull request's change: base..head, check runs
// on the head commit, the sticky comment on the pull request.
func planPullRequest(ev github.Event, _ ActionOptions) (plan, error) {
	if !gatedPullRequestActions[ev.Action] {
		return plan{ignored: "pull_request " + ev.Action + " changes nothing the gate checks"}, nil
	}
	return plan{
		event: gate.Event{PullRequest: ev.PRNumber, HeadSHA: ev.HeadSHA, HeadRef: ev.HeadRef, BaseSHA: ev.BaseSHA, BaseRef: ev.BaseRef},
		base:  ev.BaseSHA, head: ev.HeadSHA, pr: ev.PRNumber,
		fork: ev.HeadRepo != "" && !strings.EqualFold(ev.HeadRepo, ev.Repo.FullName()),
	}, nil
}
