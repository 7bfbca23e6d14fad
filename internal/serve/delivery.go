// Package serve is storygate as a GitHub App's webhook server (`storygate
// serve`): it verifies each delivery's signature before reading it, bounds
// its size and its client's pace, and hands what passes to a Handler. It
// keeps no state of its own, so any number of replicas run behind a load
// balancer: GitHub holds the state (comments, receipts, check runs,
// contents). It never runs code from a pull request.
package serve

import (
	"context"
	"time"
)

// Delivery is one webhook delivery whose X-Hub-Signature-256 matched its
// body.
type Delivery struct {
	// ID is the X-GitHub-Delivery header: GitHub's id of the delivery (a
	// redelivery keeps it).
	ID string
	// Event is the X-GitHub-Event header (issue_comment, pull_request, …).
	Event string
	// Body is the verified payload, exactly as received.
	Body []byte
	// Received is when the server finished reading it.
	Received time.Time
}

// Outcome is what handling a delivery concluded, as the metrics and logs
// name it.
type Outcome string

// The outcomes.
const (
	// Handled means the delivery was acted on.
	Handled Outcome = "handled"
	// Ignored means the event needs nothing from storygate.
	Ignored Outcome = "ignored"
	// Duplicate means GitHub's records show the delivery was handled
	// already (a replay or a redelivery, by this replica or another).
	Duplicate Outcome = "duplicate"
	// Failed means handling returned an error.
	Failed Outcome = "failed"
)

// Handler acts on verified deliveries. The server calls it only after the
// signature, the size and the headers passed.
type Handler interface {
	// Handle acts on d; the error, if any, is logged with d.ID and makes
	// the answer to GitHub a 5xx so that GitHub may redeliver.
	Handle(ctx context.Context, d Delivery) (Outcome, error)
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(ctx context.Context, d Delivery) (Outcome, error)

// Handle calls f.
func (f HandlerFunc) Handle(ctx context.Context, d Delivery) (Outcome, error) { return f(ctx, d) }
