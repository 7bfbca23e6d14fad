package serve

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestShutdownFinishesAnInFlightDelivery: a delivery being handled when
// the server is told to stop is answered (200), readiness turns false
// before the drain, and Serve then returns without error. The handler is
// held by channels, not by time.
func TestShutdownFinishesAnInFlightDelivery(t *testing.T) {
	t.Parallel()
	h := &recorder{started: make(chan struct{}), release: make(chan struct{})}
	r := start(t, h, Limits{}, nil)
	until(t, r.server.health.becameReady, "readiness")
	body := payload(t, "issue_comment.created.1")
	answered := make(chan int, 1)
	go func() {
		resp, err := http.DefaultClient.Do(delivery(t, r.url, "issue_comment", "0f6a5c1e-5555-11ef-8000-000000000001", body, Sign(testSecret, body)))
		if err != nil {
			answered <- -1
			return
		}
		resp.Body.Close()
		answered <- resp.StatusCode
	}()
	until(t, h.started, "the handler's start")
	r.stop()
	until(t, r.server.draining, "draining")
	if r.server.Ready() {
		t.Error("ready while draining")
	}
	if got := len(h.got()); got != 0 {
		t.Fatalf("the held handler finished %d deliveries before its release", got)
	}
	close(h.release)
	if status := <-answered; status != http.StatusOK {
		t.Errorf("the in-flight delivery was answered %d, want 200", status)
	}
	if err := <-r.done; err != nil {
		t.Errorf("serve: %v", err)
	}
	r.done <- nil // for the cleanup
	if got := len(h.got()); got != 1 {
		t.Errorf("the handler finished %d deliveries, want 1", got)
	}
}

// TestADrainPastItsTimeoutCancelsTheHandling: a handler that never
// finishes on its own is cancelled once the drain timeout passes, and
// Serve says so.
func TestADrainPastItsTimeoutCancelsTheHandling(t *testing.T) {
	t.Parallel()
	started := make(chan struct{})
	h := HandlerFunc(func(ctx context.Context, d Delivery) (Outcome, error) {
		close(started)
		<-ctx.Done()
		return Failed, ctx.Err()
	})
	r := start(t, h, Limits{DrainTimeout: 1}, nil)
	body := payload(t, "issue_comment.created.1")
	go http.DefaultClient.Do(delivery(t, r.url, "issue_comment", "0f6a5c1e-5555-11ef-8000-000000000002", body, Sign(testSecret, body)))
	until(t, started, "the handler's start")
	r.stop()
	err := <-r.done
	r.done <- nil
	if err == nil || !strings.Contains(err.Error(), "did not finish") {
		t.Errorf("serve: %v, want the drain's timeout named", err)
	}
}

// TestReadinessWaitsForTheAppIdentity: /readyz is 503 until the identity
// check passes (a failed one is retried and named), 200 after; /healthz
// is 200 throughout.
func TestReadinessWaitsForTheAppIdentity(t *testing.T) {
	t.Parallel()
	calls, results := make(chan struct{}), make(chan error)
	check := func(ctx context.Context) error {
		calls <- struct{}{}
		return <-results
	}
	r := start(t, &recorder{}, Limits{}, check)
	<-calls
	if status, body := get(t, r, "/readyz"); status != http.StatusServiceUnavailable || !strings.Contains(body, "checking") {
		t.Errorf("/readyz during the check: %d %q, want 503", status, body)
	}
	results <- errors.New("GET /app: 401 A JSON web token could not be decoded")
	<-calls
	if status, body := get(t, r, "/readyz"); status != http.StatusServiceUnavailable || !strings.Contains(body, "401") {
		t.Errorf("/readyz after a failed check: %d %q, want 503 naming the failure", status, body)
	}
	if status, _ := get(t, r, "/healthz"); status != http.StatusOK {
		t.Errorf("/healthz while not ready: %d, want 200", status)
	}
	results <- nil
	until(t, r.server.health.becameReady, "readiness")
	if status, body := get(t, r, "/readyz"); status != http.StatusOK {
		t.Errorf("/readyz after the check passed: %d %q, want 200", status, body)
	}
}

// TestReadinessAfterDrainIsFalse: once shutdown began, /readyz answers
// 503 "shutting down", and a late identity check cannot make it ready.
func TestReadinessAfterDrainIsFalse(t *testing.T) {
	t.Parallel()
	h := newHealth()
	h.ready()
	answer := func() (int, string) {
		w := httptest.NewRecorder()
		h.readiness(w, httptest.NewRequest(http.MethodGet, "/readyz", nil))
		return w.Code, w.Body.String()
	}
	if code, _ := answer(); code != http.StatusOK {
		t.Fatalf("control: ready answers %d, want 200", code)
	}
	h.drain()
	h.ready()
	if code, body := answer(); code != http.StatusServiceUnavailable || !strings.Contains(body, "shutting down") {
		t.Errorf("draining: %d %q, want 503 shutting down", code, body)
	}
}
