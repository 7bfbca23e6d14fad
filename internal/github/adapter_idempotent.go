package github

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	gh "github.com/google/go-github/v62/github"
)

// applyOnce sends a write GitHub does not deduplicate (a create, or an
// update that appends annotations). When its answer is lost — a 5xx, a reset, a timed-out attempt, any of
// which may come after GitHub applied it — it waits the retry backoff and
// looks with find for what the attempt may have made before sending it
// again, so a create is never doubled. A nil find means the result cannot
// be recognised: the failure is returned rather than risk a double.
func applyOnce[T any](ctx context.Context, p RetryPolicy, find func(context.Context) (T, bool, error), create func(context.Context) (T, error)) (T, error) {
	for attempt := 0; ; attempt++ {
		made, err := create(ctx)
		if err == nil || find == nil || !answerLost(ctx, err) || attempt >= p.MaxRetries {
			return made, err
		}
		if serr := p.Sleep(ctx, min(p.BaseDelay<<attempt, p.MaxDelay)); serr != nil {
			return made, fmt.Errorf("%w (then %w)", err, serr)
		}
		found, ok, ferr := find(ctx)
		if ferr != nil {
			return made, fmt.Errorf("%w; looking for what it may have made: %w", err, ferr)
		}
		if ok {
			return found, nil
		}
	}
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
