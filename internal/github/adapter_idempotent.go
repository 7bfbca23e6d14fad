package github

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	gh "github.com/google/go-github/v62/github"
)

// applyOnce sends a write GitHub does not deduplicate (a create, or an
// update that appends annotations). When its answer is lost — a 5xx, a
// reset, a timed-out attempt, any of which may come before or after GitHub
// applied it, even after the client gave up — it looks with find for what
// the attempt may have made, patiently (lookPatiently), before sending it
// again. find must recognise only what this run sent (a check run's
// external_id names the run, a reply's body is this run's): another run's
// result taken for this one's would stand in for it. A nil find means the
// result cannot be recognised: the failure is returned rather than risk a
// double. What a lost attempt made after every look has given up is left
// to the caller's sweep for duplicates.
func applyOnce[T any](ctx context.Context, p RetryPolicy, find func(context.Context) (T, bool, error), create func(context.Context) (T, error)) (T, error) {
	made, _, err := applyOnceNoting(ctx, p, find, create)
	return made, err
}

// applyOnceNoting is applyOnce that also says whether the write was sent
// again after every look found nothing: only then can GitHub hold a
// duplicate (a lost attempt it applied, or listed, after the looks),
// which the caller sweeps for. Since the looks found nothing of the
// write's key before the resend, whatever of that key turns up afterwards
// is this call's own.
func applyOnceNoting[T any](ctx context.Context, p RetryPolicy, find func(context.Context) (T, bool, error), create func(context.Context) (T, error)) (T, bool, error) {
	for attempt := 0; ; attempt++ {
		made, err := create(ctx)
		resent := attempt > 0
		if err == nil || find == nil || !answerLost(ctx, err) || attempt >= p.MaxRetries {
			return made, resent, err
		}
		found, ok, ferr := lookPatiently(ctx, p, find)
		if ferr != nil {
			return made, resent, fmt.Errorf("%w; looking for what it may have made: %w", err, ferr)
		}
		if ok {
			return found, resent, nil
		}
	}
}

// lookPatiently looks with find up to p.Lookups times, waiting
// p.BaseDelay, then twice as long each time (at most p.MaxDelay), before
// each look: GitHub's lists can miss for seconds what it has just made.
// Every wait goes through p.Sleep.
func lookPatiently[T any](ctx context.Context, p RetryPolicy, find func(context.Context) (T, bool, error)) (T, bool, error) {
	var none T
	for look := range max(p.Lookups, 1) {
		if err := p.Sleep(ctx, min(p.BaseDelay<<look, p.MaxDelay)); err != nil {
			return none, false, fmt.Errorf("waiting to look again: %w", err)
		}
		found, ok, err := find(ctx)
		if err != nil || ok {
			return found, ok, err
		}
	}
	return none, false, nil
}

// answerLost reports whether err leaves open that GitHub applied the
// request: a server error, or no answer at all. A refusal (4xx) or the
// caller's cancellation or the client's deadline says nothing new would
// come of trying again.
func answerLost(ctx context.Context, err error) bool {
	if ctx.Err() != nil || errors.Is(err, ErrDeadline) {
		return false
	}
	var er *gh.ErrorResponse
	if errors.As(err, &er) {
		return er.Response != nil && er.Response.StatusCode >= 500 && er.Response.StatusCode != http.StatusNotImplemented
	}
	return transientTransport(ctx, err)
}

// noResendKey marks a request the transport must not send twice.
type noResendKey struct{}

// withoutResend marks ctx's requests as ones the transport must not resend
// on its own: what they do is not idempotent, and the caller checks
// whether a lost one landed (applyOnce).
func withoutResend(ctx context.Context) context.Context {
	return context.WithValue(ctx, noResendKey{}, true)
}
