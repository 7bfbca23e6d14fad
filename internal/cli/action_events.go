package cli

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
)

// plan is what an event asks the gate to do.
type plan struct {
	event gate.Event
	repo  github.Repo
	// base is the revision to compare with; head the commit check runs
	// attach to; pr the pull request to comment on (0: none).
	base, head string
	pr         int
	// queuedPR is the pull request a merge queue group was made for; its
	// decisions are verified, but nothing is posted on it.
	queuedPR int
	// fork is set for pull requests from forks, whose token is read-only.
	fork           bool
	installationID int64
	// ignored says why the event needs no gate run.
	ignored string
}

// eventHandler turns one kind of webhook event into a plan; each lives in
// its own file (action_<event>.go).
type eventHandler func(ev github.Event, f actionFlags) (plan, error)

var eventHandlers = map[string]eventHandler{
	github.EventPullRequest: planPullRequest,
	github.EventMergeGroup:  planMergeGroup,
	github.EventCheckRun:    planCheckRun,
	"workflow_dispatch":     planWorkflowDispatch,
}

// planFor reads the event and routes it; no event name (or "local")
// means a local run: no GitHub, the report printed.
func planFor(f actionFlags) (plan, error) {
	if f.eventName == "" || f.eventName == "local" {
		return plan{event: gate.Event{Name: "local"}, base: f.base}, nil
	}
	handle, ok := eventHandlers[f.eventName]
	if !ok {
		return plan{}, fmt.Errorf("event %q is not one storygate action handles (%s); publish a fork's results from workflow_run with storygate publish", f.eventName, handledEvents())
	}
	ev, err := readEvent(f)
	if err != nil {
		return plan{}, err
	}
	p, err := handle(ev, f)
	if err != nil {
		return plan{}, err
	}
	p.repo, p.installationID = ev.Repo, ev.InstallationID
	p.event.Name, p.event.Action, p.event.Repository = ev.Kind, ev.Action, ev.Repo.FullName()
	p.event.RunURL = runURL()
	return p, nil
}

func readEvent(f actionFlags) (github.Event, error) {
	if f.eventPath == "" {
		return github.Event{}, fmt.Errorf("event %s: no payload (set GITHUB_EVENT_PATH or --event-path)", f.eventName)
	}
	payload, err := os.ReadFile(f.eventPath)
	if err != nil {
		return github.Event{}, fmt.Errorf("event payload: %w", err)
	}
	return github.ParseEvent(f.eventName, payload)
}

func handledEvents() string {
	names := make([]string, 0, len(eventHandlers))
	for n := range eventHandlers {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// runURL is the workflow run's page, where the results artifact lives.
func runURL() string {
	server, repo, id := getenv("GITHUB_SERVER_URL"), getenv("GITHUB_REPOSITORY"), getenv("GITHUB_RUN_ID")
	if server == "" || repo == "" || id == "" {
		return ""
	}
	return strings.TrimRight(server, "/") + "/" + repo + "/actions/runs/" + id
}
