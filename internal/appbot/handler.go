package appbot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/serve"
)

// Handler acts on the App's verified deliveries; it keeps nothing between
// them but each installation's rate-limit bucket.
type Handler struct {
	deps  Deps
	limit *limiter
}

var _ serve.Handler = (*Handler)(nil)

// New returns a handler that works through deps.
func New(deps Deps) *Handler {
	deps = deps.withDefaults()
	return &Handler{deps: deps, limit: newLimiter(deps.Limit, deps.Now, deps.Sleep)}
}

// route is what one kind of event asks: nil work means Ignored, with why.
type route func(h *Handler, ev github.Event) (work, string)

// work is a delivery's action: at finds the commit the claim points at
// (reading only), do acts once the delivery is claimed.
type work struct {
	at func(ctx context.Context, r *run) (string, error)
	do func(ctx context.Context, r *run) error
}

// at is a claim's commit known from the payload.
func at(sha string) func(context.Context, *run) (string, error) {
	return func(context.Context, *run) (string, error) { return sha, nil }
}

// routes are the handled events; every other event is Ignored.
var routes = map[string]route{
	github.EventIssueComment: (*Handler).issueComment,
	github.EventCheckRun:     (*Handler).checkRun,
	github.EventCheckSuite:   (*Handler).checkSuite,
	github.EventWorkflowRun:  (*Handler).workflowRun,
	github.EventPullRequest:  (*Handler).pullRequest,
	github.EventMergeGroup:   (*Handler).mergeGroup,
}

// run is one claimed delivery being acted on.
type run struct {
	d      serve.Delivery
	ev     github.Event
	client Client
	log    *slog.Logger
	// pr is the pull request a comment is on, as GitHub has it now.
	pr github.PullRequest
}

// Handle acts on d: Ignored when the event needs nothing, Duplicate when
// GitHub shows the delivery claimed already (by this replica, another, or
// an earlier delivery of the same id), Handled when acted on.
func (h *Handler) Handle(ctx context.Context, d serve.Delivery) (serve.Outcome, error) {
	log := h.deps.Log.With("delivery", d.ID, "event", d.Event)
	rt, ok := routes[d.Event]
	if !ok {
		return h.ignored(log, "not an event storygate handles")
	}
	ev, err := github.ParseEvent(d.Event, d.Body)
	if err != nil {
		return serve.Failed, fmt.Errorf("delivery %s: %w", d.ID, err)
	}
	w, why := rt(h, ev)
	if w.do == nil {
		return h.ignored(log, why)
	}
	if ev.InstallationID == 0 {
		return serve.Failed, fmt.Errorf("delivery %s: the %s event names no installation", d.ID, d.Event)
	}
	log = log.With("repository", ev.Repo.FullName(), "installation", ev.InstallationID, "action", ev.Action)
	return h.claimAndAct(ctx, &run{d: d, ev: ev, log: log}, w)
}

func (h *Handler) ignored(log *slog.Logger, why string) (serve.Outcome, error) {
	log.Info("ignored", "why", why)
	return serve.Ignored, nil
}

// claimAndAct paces the installation, claims the delivery and acts; a
// failure releases the claim, so that GitHub's redelivery can act.
func (h *Handler) claimAndAct(ctx context.Context, r *run, w work) (serve.Outcome, error) {
	if _, err := h.limit.wait(ctx, r.ev.InstallationID); err != nil {
		return serve.Failed, err
	}
	client, err := h.deps.Installations.Client(r.ev.InstallationID)
	if err != nil {
		return serve.Failed, fmt.Errorf("delivery %s: installation %d: %w", r.d.ID, r.ev.InstallationID, err)
	}
	r.client = client
	sha, err := w.at(ctx, r)
	if err != nil {
		return serve.Failed, fmt.Errorf("delivery %s: %w", r.d.ID, err)
	}
	c, err := claimOf(r.d.ID, r.ev.Repo, sha)
	if err != nil {
		return serve.Failed, err
	}
	claimed, err := c.take(ctx, client)
	if err != nil {
		// The claim's answer may be lost after GitHub made the ref: left,
		// it would make GitHub's redelivery a Duplicate that nothing acted
		// on. A ref that was never made is no error to delete.
		return serve.Failed, errors.Join(err, c.release(context.WithoutCancel(ctx), client))
	}
	if !claimed {
		r.log.Info("duplicate", "claim", c.ref)
		return serve.Duplicate, nil
	}
	if err := w.do(ctx, r); err != nil {
		return serve.Failed, errors.Join(fmt.Errorf("delivery %s: %w", r.d.ID, err), c.release(context.WithoutCancel(ctx), client))
	}
	h.deps.Metrics.ObserveDecisionLatency(r.d.Event, h.deps.Now().Sub(r.d.Received))
	r.log.Info("handled")
	return serve.Handled, nil
}
