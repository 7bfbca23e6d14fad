package github

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"time"
)

// Timeouts bound how long storygate waits for GitHub.
type Timeouts struct {
	// Request bounds one attempt of one request, answer body included; an
	// attempt that runs out is retried like a 5xx. Zero means
	// DefaultRequestTimeout.
	Request time.Duration
	// Deadline bounds everything one client does, retries and waits
	// included, from when it is built; when it passes, requests fail with
	// ErrDeadline. Zero means DefaultDeadline.
	Deadline time.Duration
}

// Default timeouts: GitHub answers in well under a second; a minute of
// secondary rate limit waits, four times, still fits the deadline.
const (
	DefaultRequestTimeout = 30 * time.Second
	DefaultDeadline       = 10 * time.Minute
)

func (to Timeouts) withDefaults() Timeouts {
	if to.Request <= 0 {
		to.Request = DefaultRequestTimeout
	}
	if to.Deadline <= 0 {
		to.Deadline = DefaultDeadline
	}
	return to
}

// ErrDeadline reports that GitHub did not answer before the client's
// deadline (Timeouts.Deadline, github.deadline in the configuration).
var ErrDeadline = errors.New("github: GitHub did not answer before the run's deadline")

func (t *retryTransport) deadlineError(err error) error {
	return fmt.Errorf("%w (github.deadline %s): %w", ErrDeadline, t.timeouts.Deadline, err)
}

// pastDeadline reports whether a failed attempt ran out of the client's
// time rather than the caller's.
func (t *retryTransport) pastDeadline(req *http.Request) bool {
	return req.Context().Err() == nil && !time.Now().Before(t.deadline)
}

// attempt sends req once, bounded by the request timeout and the client's
// deadline; the timer runs until the answer's body is closed, so a body
// that stalls times out too.
func (t *retryTransport) attempt(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithDeadline(req.Context(), earliest(time.Now().Add(t.timeouts.Request), t.deadline))
	resp, err := t.next.RoundTrip(req.WithContext(ctx))
	if err != nil {
		cancel()
		return nil, err
	}
	resp.Body = cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
	return resp, nil
}

func earliest(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// cancelOnClose releases an attempt's timer when its body is closed.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

// Close closes the body and stops the attempt's timer.
func (c cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}

// transientTransport reports whether err is a failure to reach GitHub that
// a later attempt may not meet: a reset, a connection closed early, a
// refused connection, a timeout. The caller's own cancellation is not.
func transientTransport(caller context.Context, err error) bool {
	if caller.Err() != nil {
		return false
	}
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return true // the attempt's own timeout: the caller's is still running
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return true
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.EPIPE):
		return true
	case errors.As(err, &ne) && ne.Timeout():
		return true
	}
	return false
}

// resendable reports whether sending req twice does no more than sending
// it once. GET, PUT (conditional on a blob SHA), PATCH and DELETE are;
// POST is not, except where GitHub makes it so: an installation token
// (a second one is harmless) and a reaction (GitHub answers 200 with the
// existing one). A request made under withoutResend is not.
func resendable(req *http.Request) bool {
	if req.Context().Value(noResendKey{}) != nil {
		return false
	}
	if req.Method != http.MethodPost {
		return true
	}
	p := req.URL.Path
	return strings.HasSuffix(p, "/access_tokens") || strings.HasSuffix(p, "/reactions")
}

// notApplied reports whether a failure answer proves the request was not
// carried out: a rate limit refuses before doing anything.
func notApplied(resp *http.Response) bool {
	return resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusForbidden
}
