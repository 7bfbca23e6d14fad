package bot

import (
	"fmt"
	"sort"
	"strings"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/safefile"
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
	// rerequested is the check run a re-run request named (check_run).
	rerequested *gate.Identity
}

// eventHandler turns one kind of webhook event into a plan; each lives in
// its own file (action_<event>.go).
type eventHandler func(ev github.Event, f ActionOptions) (plan, error)

// eventHandlers are the gate's handlers by event name.
func (b *Bot) eventHandlers() map[string]eventHandler {
	return map[string]eventHandler{
		github.EventPullRequest: planPullRequest,
		github.EventMergeGroup:  planMergeGroup,
		github.EventCheckRun:    planCheckRun,
		"workflow_dispatch":     b.planWorkflowDispatch,
	}
}

// planFor reads the event and routes it; no event name (or "local")
// means a local run: no GitHub, the report printed.
func (b *Bot) planFor(f ActionOptions) (plan, error) {
	if f.EventName == "" || f.EventName == "local" {
		return plan{event: gate.Event{Name: "local"}, base: f.Base}, nil
	}
	handlers := b.eventHandlers()
	handle, ok := handlers[f.EventName]
	if !ok {
		return plan{}, fmt.Errorf("event %q is not one storygate action handles (%s); publish a fork's results from workflow_run with storygate publish", f.EventName, handledEvents(handlers))
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
	p.event.RunURL = b.runURL()
	return p, nil
}

func readEvent(f ActionOptions) (github.Event, error) {
	if f.EventPath == "" {
		return github.Event{}, fmt.Errorf("event %s: no payload (set GITHUB_EVENT_PATH or --event-path)", f.EventName)
	}
	payload, err := safefile.ReadPath(f.EventPath, github.MaxPayloadBytes)
	if err != nil {
		return github.Event{}, fmt.Errorf("event payload: %w", err)
	}
	return github.ParseEvent(f.EventName, payload)
}

func handledEvents(handlers map[string]eventHandler) string {
	names := make([]string, 0, len(handlers))
	for n := range handlers {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// runURL is the workflow run's page, where the results artifact lives.
func (b *Bot) runURL() string {
	server, repo, id := b.getenv("GITHUB_SERVER_URL"), b.getenv("GITHUB_REPOSITORY"), b.workflowRun().ID
	if server == "" || repo == "" || id == "" {
		return ""
	}
	return strings.TrimRight(server, "/") + "/" + repo + "/actions/runs/" + id
}
