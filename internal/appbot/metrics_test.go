package appbot_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/appbot"
	"github.com/storygate/storygate/internal/serve"
)

// recorded is a Metrics that keeps what it was told.
type recorded struct {
	mu        sync.Mutex
	calls     map[int]int
	latencies map[string][]time.Duration
}

func (m *recorded) ObserveGitHubCall(_ string, status, _ int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls[status]++
}

func (m *recorded) ObserveDecisionLatency(event string, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.latencies[event] = append(m.latencies[event], d)
}

// TestTheServerSeesCallsAndDecisionLatency: every call to GitHub reaches
// the metrics with its status, and a handled delivery its latency from
// receipt to result by the injected clock; a duplicate has no latency.
func TestTheServerSeesCallsAndDecisionLatency(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.addRepo(hello)
	m := &recorded{calls: map[int]int{}, latencies: map[string][]time.Duration{}}
	received := time.Date(2026, 12, 2, 5, 0, 0, 0, time.UTC)
	h := w.handler(func(d *appbot.Deps) {
		d.Now = func() time.Time { return received.Add(1500 * time.Millisecond) }
		d.Metrics = m
		d.Installations.(*appbot.AppInstallations).Metrics = m
	})
	d := w.comment(hello, reviewer, "/approve-plan STORY-002 the plan maps errors to fields")
	d.Received = received
	for _, want := range []serve.Outcome{serve.Handled, serve.Duplicate} {
		if out, err := h.Handle(context.Background(), d); err != nil || out != want {
			t.Fatalf("got %s, %v; want %s", out, err, want)
		}
	}
	if got := m.latencies["issue_comment"]; len(got) != 1 || got[0] != 1500*time.Millisecond {
		t.Errorf("latencies %v, want one of 1.5s", got)
	}
	if m.calls[201] == 0 || m.calls[200] == 0 || m.calls[422] != 1 {
		t.Errorf("calls by status %v: want creates, reads and the one refused claim", m.calls)
	}
}
