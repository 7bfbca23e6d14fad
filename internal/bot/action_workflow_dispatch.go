package bot

import (
	"fmt"
	"strconv"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
)

// The inputs of a gate run the slash-command handler dispatches.
const (
	dispatchPullRequest = "pull_request"
	dispatchHead        = "head_sha"
	dispatchBase        = "base_sha"
)

// planWorkflowDispatch gates the dispatched commit (GITHUB_SHA), compared
// with the base input when one is given; check runs go on that commit and
// no comment is posted. A run started for a pull request (the pull_request,
// head_sha and base_sha inputs) gates that pull request's commit instead.
func (b *Bot) planWorkflowDispatch(ev github.Event, f ActionOptions) (plan, error) {
	if ev.Inputs[dispatchPullRequest] != "" {
		return planDispatchedPullRequest(ev)
	}
	head := b.getenv("GITHUB_SHA")
	return plan{
		event: gate.Event{HeadSHA: head, HeadRef: b.getenv("GITHUB_REF"), BaseSHA: shaOrEmpty(f.Base)},
		base:  f.Base, head: head,
	}, nil
}

// planDispatchedPullRequest gates base_sha..head_sha of the pull request
// the inputs name, as its pull_request run would.
func planDispatchedPullRequest(ev github.Event) (plan, error) {
	number, err := strconv.Atoi(ev.Inputs[dispatchPullRequest])
	head, base := shaOrEmpty(ev.Inputs[dispatchHead]), shaOrEmpty(ev.Inputs[dispatchBase])
	if err != nil || number <= 0 || head == "" || base == "" {
		return plan{}, fmt.Errorf("workflow_dispatch for a pull request needs the inputs %s (a number), %s and %s (full SHAs), got %v",
			dispatchPullRequest, dispatchHead, dispatchBase, ev.Inputs)
	}
	return plan{
		event: gate.Event{PullRequest: number, HeadSHA: head, BaseSHA: base},
		base:  base, head: head, pr: number,
	}, nil
}

// shaOrEmpty keeps a revision for the document only when it is a full SHA.
func shaOrEmpty(rev string) string {
	if len(rev) != 40 {
		return ""
	}
	for _, c := range rev {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return ""
		}
	}
	return rev
}
