package serve

import (
	"fmt"
	"net/http"
	"sync"
)

// health is the server's liveness and readiness: alive while the process
// answers; ready once the App's identity is confirmed, until shutdown
// begins (a load balancer then stops sending deliveries here first).
type health struct {
	mu       sync.Mutex
	isReady  bool
	draining bool
	lastErr  string
	// becameReady is closed the first time the server is ready.
	becameReady chan struct{}
}

func newHealth() *health { return &health{becameReady: make(chan struct{})} }

func (h *health) ready() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.draining && !h.isReady {
		h.isReady, h.lastErr = true, ""
		close(h.becameReady)
	}
}

func (h *health) failed(err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.lastErr = err.Error()
}

func (h *health) drain() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.isReady, h.draining = false, true
}

// state is whether the server is ready, and why not.
func (h *health) state() (bool, string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.isReady:
		return true, "ready"
	case h.draining:
		return false, "not ready: shutting down"
	case h.lastErr != "":
		return false, "not ready: the App's identity check failed: " + h.lastErr
	}
	return false, "not ready: checking the App's identity"
}

// alive answers /healthz: the process is up and serving.
func (h *health) alive(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintln(w, "ok")
}

// readiness answers /readyz: 200 when ready, else 503 saying why.
func (h *health) readiness(w http.ResponseWriter, _ *http.Request) {
	ok, why := h.state()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if !ok {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	fmt.Fprintln(w, why)
}

// Ready reports whether the server is ready for deliveries.
func (s *Server) Ready() bool {
	ok, _ := s.health.state()
	return ok
}
