package bot

import (
	"strings"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
)

// planCheckRun runs the gate again when a reviewer re-requests one of its
// check runs. GitHub names the pull request only for same-repository
// branches; without one there is no base to compare with and no comment.
func planCheckRun(ev github.Event, _ ActionOptions) (plan, error) {
	if ev.Action != "rerequested" {
		return plan{ignored: "check_run " + ev.Action + " is not a re-run request"}, nil
	}
	if ev.CheckRun == nil || !strings.HasPrefix(ev.CheckRun.Name, "storygate / ") {
		return plan{ignored: "the re-requested check run is not storygate's"}, nil
	}
	return plan{
		event: gate.Event{PullRequest: ev.PRNumber, HeadSHA: ev.HeadSHA, HeadRef: ev.HeadRef, BaseSHA: ev.BaseSHA, BaseRef: ev.BaseRef},
		base:  ev.BaseSHA, head: ev.HeadSHA, pr: ev.PRNumber,
	}, nil
}
