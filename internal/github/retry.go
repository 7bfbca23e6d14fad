package github

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RetryPolicy bounds how transient failures are retried: 5xx answers, 429,
// and GitHub's primary and secondary rate limits (403 with Retry-After,
// x-ratelimit-remaining: 0, or a "secondary rate limit" message).
type RetryPolicy struct {
	// MaxRetries is how many times one request is retried after its first
	// attempt. Zero means the default; a negative value disables retries.
	MaxRetries int
	// BaseDelay is the first backoff; it doubles on each retry.
	BaseDelay time.Duration
	// MaxDelay caps one wait. When GitHub asks for a longer wait (a rate
	// limit resetting in half an hour), the failure is returned instead:
	// a CI job should fail with a clear error rather than idle.
	MaxDelay time.Duration
	// Lookups is how many times a create whose answer was lost is looked
	// for (BaseDelay, then doubling, between looks) before it is sent
	// again: GitHub may apply it after the client gave up, and its lists
	// may show it only seconds later. Zero means the default.
	Lookups int
	// Sleep waits d or until ctx ends; tests inject one that records.
	Sleep func(ctx context.Context, d time.Duration) error
	// Now tells the time for x-ratelimit-reset; tests inject a fixed clock.
	Now func() time.Time
}

// DefaultRetryPolicy retries 4 times from 1s, waiting at most 90s at a time
// (GitHub asks for at least a minute after a secondary rate limit), and
// looks 4 times (1s, 2s, 4s, 8s after the loss: 15s in all) for a create
// whose answer was lost before sending it again.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{MaxRetries: 4, BaseDelay: time.Second, MaxDelay: 90 * time.Second, Lookups: 4, Sleep: sleepContext, Now: time.Now}
}

// secondaryLimitWait is GitHub's advice when a secondary rate limit answer
// carries no Retry-After.
const secondaryLimitWait = time.Minute

// withDefaults fills the zero fields of p from DefaultRetryPolicy.
func (p RetryPolicy) withDefaults() RetryPolicy {
	d := DefaultRetryPolicy()
	if p.MaxRetries == 0 {
		p.MaxRetries = d.MaxRetries
	}
	if p.Lookups <= 0 {
		p.Lookups = d.Lookups
	}
	if p.BaseDelay <= 0 {
		p.BaseDelay = d.BaseDelay
	}
	if p.MaxDelay <= 0 {
		p.MaxDelay = d.MaxDelay
	}
	if p.Sleep == nil {
		p.Sleep = d.Sleep
	}
	if p.Now == nil {
		p.Now = d.Now
	}
	return p
}

func sleepContext(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// retryTransport retries transient failures below authentication, and
// bounds each attempt and the whole client's life by Timeouts.
type retryTransport struct {
	next     http.RoundTripper
	policy   RetryPolicy
	timeouts Timeouts
	// deadline is when the client's time is up (Timeouts.Deadline after
	// the adapter was built).
	deadline time.Time
}

func newRetryTransport(next http.RoundTripper, p RetryPolicy, to Timeouts) *retryTransport {
	p, to = p.withDefaults(), to.withDefaults()
	// The deadline is on the real clock, which contexts use; p.Now is for
	// the times GitHub sends.
	return &retryTransport{next: next, policy: p, timeouts: to, deadline: time.Now().Add(to.Deadline)}
}

// RoundTrip sends req, retrying while the failure is transient, the
// request is safe to send again, the budget lasts, the wait GitHub asks for
// fits MaxDelay, and the body can be replayed. A create (POST) whose answer
// was lost is not retried here: the adapter looks for its result first.
func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := t.attempt(req)
		if err != nil && t.pastDeadline(req) {
			return nil, t.deadlineError(err)
		}
		if attempt >= t.policy.MaxRetries || (req.Body != nil && req.GetBody == nil) {
			return resp, err
		}
		wait, retry := t.decide(req, resp, err, attempt)
		if !retry || wait > t.policy.MaxDelay {
			return resp, err
		}
		if resp != nil {
			discard(resp)
		}
		if err := t.sleep(req, wait); err != nil {
			return nil, err
		}
		if req, err = rewind(req); err != nil {
			return nil, err
		}
	}
}

// decide says whether to retry after resp or err, and how long to wait.
func (t *retryTransport) decide(req *http.Request, resp *http.Response, err error, attempt int) (time.Duration, bool) {
	if err != nil {
		return t.backoff(attempt), resendable(req) && transientTransport(req.Context(), err)
	}
	wait, retry := t.retryAfter(resp, attempt)
	if retry && !resendable(req) && !notApplied(resp) {
		return 0, false
	}
	return wait, retry
}

func (t *retryTransport) backoff(attempt int) time.Duration {
	return min(t.policy.BaseDelay<<attempt, t.policy.MaxDelay)
}

// sleep waits before a retry; a wait that would end past the deadline
// fails at once, since the retry could not be sent anyway.
func (t *retryTransport) sleep(req *http.Request, wait time.Duration) error {
	if time.Now().Add(wait).After(t.deadline) {
		return t.deadlineError(fmt.Errorf("a retry in %s would start after it", wait))
	}
	return t.policy.Sleep(req.Context(), wait)
}

// retryAfter decides whether resp is transient and how long to wait.
func (t *retryTransport) retryAfter(resp *http.Response, attempt int) (time.Duration, bool) {
	backoff := t.backoff(attempt)
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return t.serverWait(resp, backoff), true
	case resp.StatusCode >= 500 && resp.StatusCode != http.StatusNotImplemented:
		return t.serverWait(resp, backoff), true
	case resp.StatusCode == http.StatusForbidden:
		return t.forbiddenWait(resp, backoff)
	}
	return 0, false
}

// forbiddenWait tells a rate-limited 403 from a real refusal.
func (t *retryTransport) forbiddenWait(resp *http.Response, backoff time.Duration) (time.Duration, bool) {
	switch {
	case resp.Header.Get("Retry-After") != "":
		return t.serverWait(resp, backoff), true
	case resp.Header.Get("X-RateLimit-Remaining") == "0":
		return t.serverWait(resp, backoff), true
	case mentionsSecondaryLimit(resp):
		return max(backoff, secondaryLimitWait), true
	}
	return 0, false
}

// serverWait honours Retry-After, then x-ratelimit-reset when the limit is
// spent, and falls back to the backoff.
func (t *retryTransport) serverWait(resp *http.Response, backoff time.Duration) time.Duration {
	if d, ok := parseRetryAfter(resp.Header.Get("Retry-After"), t.policy.Now()); ok {
		return d
	}
	if resp.Header.Get("X-RateLimit-Remaining") != "0" {
		return backoff
	}
	reset, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64)
	if err != nil {
		return backoff
	}
	// One extra second: the reset time is whole seconds and clocks differ.
	return max(time.Unix(reset, 0).Sub(t.policy.Now())+time.Second, 0)
}

// maxRetryAfterSeconds is the longest Retry-After a Duration holds.
const maxRetryAfterSeconds = int(math.MaxInt64 / int64(time.Second))

// parseRetryAfter reads delta-seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && secs >= 0 {
		// Beyond what a Duration holds, secs*time.Second would wrap to a
		// negative wait: retry at once. Capped, it is a wait too long to
		// honour, which the caller treats as such.
		return time.Duration(min(secs, maxRetryAfterSeconds)) * time.Second, true
	}
	if at, err := http.ParseTime(v); err == nil {
		return max(at.Sub(now), 0), true
	}
	return 0, false
}

// mentionsSecondaryLimit peeks at the error message and puts the body back
// so that a final, unretried answer still reads whole.
func mentionsSecondaryLimit(resp *http.Response) bool {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return bytes.Contains(bytes.ToLower(body), []byte("secondary rate limit"))
}

// rewind returns a copy of req whose body can be read again from the start.
func rewind(req *http.Request) (*http.Request, error) {
	if req.Body == nil || req.GetBody == nil {
		return req, nil
	}
	body, err := req.GetBody()
	if err != nil {
		return nil, err
	}
	next := req.Clone(req.Context())
	next.Body = body
	return next, nil
}

// discard drains and closes a response we are not going to return, so the
// connection can be reused.
func discard(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
	_ = resp.Body.Close()
}
