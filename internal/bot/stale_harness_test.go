package bot

import (
	"strconv"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// seedPullRequest puts the pull request an action event names at the
// event's head in the fake, as GitHub has it when the run is current (a
// run reads the head before it writes): a seeded one is moved, keeping
// its author and branches; another is added. A workflow_run event is
// publish's, whose tests seed the pull request they mean (publishHalf);
// an event with no head (issue_comment) leaves it where it is.
func (h *harness) seedPullRequest(kind string, payload []byte) {
	h.t.Helper()
	if kind == "workflow_run" {
		return
	}
	ev, err := github.ParseEvent(kind, payload)
	if err != nil {
		return // a test of a bad payload: the run refuses it before any read
	}
	number, head := ev.PRNumber, ev.HeadSHA
	if n, err := strconv.Atoi(ev.Inputs[dispatchPullRequest]); err == nil {
		number, head = n, ev.Inputs[dispatchHead]
	}
	repo := ev.Repo.FullName()
	if number == 0 || head == "" || h.fake.MoveHead(repo, number, head) {
		return
	}
	h.fake.AddPullRequest(repo, githubtest.PullRequest{Number: number, HeadSHA: head, BaseSHA: ev.BaseSHA, HeadRef: ev.HeadRef, HeadRepo: ev.HeadRepo})
}
