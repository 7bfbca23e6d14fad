package appbot

import (
	"context"
	"testing"
	"time"
)

// TestEachInstallationHasItsOwnBucket: a burst passes at once, then calls
// wait their turn at the rate; another installation's calls never wait
// for the first's; time passing refills the bucket. The clock and the
// sleep are injected, so nothing really waits.
func TestEachInstallationHasItsOwnBucket(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	var slept []time.Duration
	l := newLimiter(Limit{Rate: 1, Burst: 2}, func() time.Time { return now },
		func(_ context.Context, d time.Duration) error { slept = append(slept, d); return nil })
	steps := []struct {
		installation int64
		advance      time.Duration
		want         time.Duration
	}{
		{1, 0, 0}, {1, 0, 0}, {1, 0, time.Second}, {1, 0, 2 * time.Second},
		{2, 0, 0}, {2, 0, 0},
		{1, 10 * time.Second, 0},
	}
	for i, s := range steps {
		now = now.Add(s.advance)
		got, err := l.wait(context.Background(), s.installation)
		if err != nil || got != s.want {
			t.Errorf("step %d (installation %d): waited %v, %v; want %v", i, s.installation, got, err, s.want)
		}
	}
	if len(slept) != 2 {
		t.Errorf("slept %v, want the two waits of installation 1", slept)
	}
}

// TestAWaitEndsWithTheDelivery: a delivery whose context ends while it
// waits for its installation's turn fails rather than act late.
func TestAWaitEndsWithTheDelivery(t *testing.T) {
	t.Parallel()
	now := time.Now()
	l := newLimiter(Limit{Rate: 1, Burst: 1}, func() time.Time { return now }, sleep)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := l.wait(ctx, 1); err != nil {
		t.Fatalf("the burst must pass: %v", err)
	}
	if _, err := l.wait(ctx, 1); err == nil {
		t.Error("a cancelled wait succeeded")
	}
}
