package bot

import (
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
)

// planMergeGroup gates a merge queue's temporary branch against its target:
// check runs on the queue's head commit, no comment. Decisions are verified
// against the pull request the group was made for (named by its branch).
func planMergeGroup(ev github.Event, _ ActionOptions) (plan, error) {
	if ev.Action != "checks_requested" {
		return plan{ignored: "merge_group " + ev.Action + " needs no checks"}, nil
	}
	return plan{
		event: gate.Event{HeadSHA: ev.HeadSHA, HeadRef: ev.HeadRef, BaseSHA: ev.BaseSHA, BaseRef: ev.BaseRef},
		base:  ev.BaseSHA, head: ev.HeadSHA, queuedPR: github.QueuedPR(ev.HeadRef),
	}, nil
}
