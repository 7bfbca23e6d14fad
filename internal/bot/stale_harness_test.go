package bot

import (
	"context"
	"maps"
	"path/filepath"
	"strconv"
	"time"

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

// runEvent is one run of its own (runAs) on the event of kind in the file
// eventPath; it reads the harness's environment and changes nothing of
// the harness, so runs on different events can go at once.
func (h *harness) runEvent(r *run, timeouts github.Timeouts, kind, eventPath string) status {
	return h.runIn(r, timeouts, kind, eventPath, filepath.Join(h.repo.Root, h.pkg))
}

// runIn is runEvent with the checkout at root, as each job checks out its
// own head.
func (h *harness) runIn(r *run, timeouts github.Timeouts, kind, eventPath, root string) status {
	env := maps.Clone(h.env)
	env["GITHUB_RUN_ID"] = r.id
	env["GITHUB_STEP_SUMMARY"], env["GITHUB_OUTPUT"] = "", ""
	env["GITHUB_EVENT_NAME"], env["GITHUB_EVENT_PATH"] = kind, eventPath
	b := New(Deps{Env: env, GitHub: Credentials{Env: env, Version: "test", Timeouts: timeouts, Retry: noWaiting()}, Config: workTreeConfig{},
		Revert: RevertCheck, Now: time.Now, Stdout: &r.stdout, Stderr: &r.stderr, Version: "test", LookPath: h.lookPath})
	opts := h.options(func(o *ActionOptions) {
		o.Results = filepath.Join(h.tmp, "results-"+r.id+".json")
		o.EventName, o.EventPath, o.Root = kind, eventPath, root
	})
	return statusOf(b.Action(context.Background(), opts))
}
