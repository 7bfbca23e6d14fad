package appbot

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// Limit is a token bucket of deliveries: Burst at once, then Rate per
// second.
type Limit struct {
	Rate  float64
	Burst int
}

// DefaultLimit keeps one installation near GitHub's pace for
// content-creating requests (80 a minute) at the four writes a decision
// makes (commit, receipt, reaction, dispatch), with room for a burst; the
// retry rules absorb a secondary rate limit beyond it.
var DefaultLimit = Limit{Rate: 1.0 / 3, Burst: 10}

// limiter is one token bucket per installation. It is the replica's own
// pacing, not shared state: each replica keeps itself within the limit.
type limiter struct {
	limit   Limit
	now     func() time.Time
	sleep   func(context.Context, time.Duration) error
	mu      sync.Mutex
	buckets map[int64]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newLimiter(l Limit, now func() time.Time, sleep func(context.Context, time.Duration) error) *limiter {
	return &limiter{limit: l, now: now, sleep: sleep, buckets: map[int64]*bucket{}}
}

// wait takes one token of installation's bucket, sleeping until there is
// one; it returns how long it slept.
func (l *limiter) wait(ctx context.Context, installation int64) (time.Duration, error) {
	d := l.reserve(installation)
	if d <= 0 {
		return 0, nil
	}
	if err := l.sleep(ctx, d); err != nil {
		return 0, fmt.Errorf("rate limit of installation %d: %w", installation, err)
	}
	return d, nil
}

// reserve takes a token now, going into debt when there is none, and
// returns how long until the debt is paid: later callers wait behind it.
func (l *limiter) reserve(installation int64) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b, ok := l.buckets[installation]
	if !ok {
		b = &bucket{tokens: float64(l.limit.Burst), at: now}
		l.buckets[installation] = b
	}
	b.tokens = min(float64(l.limit.Burst), b.tokens+now.Sub(b.at).Seconds()*l.limit.Rate)
	b.at = now
	b.tokens--
	if b.tokens >= 0 {
		return 0
	}
	return time.Duration(-b.tokens / l.limit.Rate * float64(time.Second))
}
