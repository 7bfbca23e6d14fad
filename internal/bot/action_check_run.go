package bot

import (
	"fmt"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
)

// planCheckRun runs the gate again when a reviewer re-requests one of its
// check runs. GitHub names the pull request only for same-repository
// branches; without one there is no base to compare with and no comment.
// The run's name says which gate and root it was (gate.ParseCheckName);
// whether the root is this run's is decided once the root is known
// (admitRerequested).
func planCheckRun(ev github.Event, _ ActionOptions) (plan, error) {
	if ev.Action != "rerequested" {
		return plan{ignored: "check_run " + ev.Action + " is not a re-run request"}, nil
	}
	if ev.CheckRun == nil {
		return plan{ignored: "the re-requested check run is not storygate's"}, nil
	}
	id, ok := gate.ParseCheckName(ev.CheckRun.Name)
	if !ok {
		return plan{ignored: "the re-requested check run is not storygate's"}, nil
	}
	return plan{
		event: gate.Event{PullRequest: ev.PRNumber, HeadSHA: ev.HeadSHA, HeadRef: ev.HeadRef, BaseSHA: ev.BaseSHA, BaseRef: ev.BaseRef},
		base:  ev.BaseSHA, head: ev.HeadSHA, pr: ev.PRNumber, rerequested: &id,
	}, nil
}

// admitRerequested leaves a re-requested check run of another root to that
// root's workflow: in a repository gating several packages, every
// workflow with a check_run trigger hears every re-request, and only the
// one whose root made the run may answer it, or it would post its own
// results under the other package's re-run.
func (p *plan) admitRerequested(place string) {
	id := p.rerequested
	if id == nil || p.ignored != "" || gate.SameRoot(id.Root, place) {
		return
	}
	p.ignored = fmt.Sprintf("the re-requested check run %q was made for %s; this run's root is %s", id.CheckName(), rootName(id.Root), rootName(place))
}
