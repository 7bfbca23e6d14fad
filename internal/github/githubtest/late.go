package githubtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
)

// The kinds of things a late create can make, as list reads name them.
const (
	lateCheckRun = "check-run"
	lateComment  = "comment"
	lateIssue    = "issue"
)

// awaitLate holds a request while an AppliedLate one is waiting to be
// applied: the client's next request (its look for what the lost one
// made, or its resend) comes after the application, the order that
// doubles a create.
func (s *Server) awaitLate() {
	s.late.RLock()
	defer s.late.RUnlock()
}

// applyLate waits until the client gives up on req, then applies it and
// hides what it made from the next lag list reads. Every other request
// waits meanwhile (awaitLate). A fake closing at the test's end applies
// nothing.
func (s *Server) applyLate(req *request, lag int) {
	s.late.Lock()
	defer s.late.Unlock()
	select {
	case <-req.Context().Done():
	case <-s.closing:
		return
	}
	rec := httptest.NewRecorder()
	s.dispatch(rec, req)
	if kind, key, ok := lateKey(req, rec); ok && lag > 0 {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.unseen[kind+" "+key] = lag
	}
}

// lateKey names what a create answered with rec made, as the list of its
// kind finds it: a check run's or comment's id, an issue's repo#number.
func lateKey(req *request, rec *httptest.ResponseRecorder) (kind, key string, ok bool) {
	if req.Method != http.MethodPost || rec.Code != http.StatusCreated {
		return "", "", false
	}
	var made struct {
		ID     int64 `json:"id"`
		Number int   `json:"number"`
	}
	if json.Unmarshal(rec.Body.Bytes(), &made) != nil {
		return "", "", false
	}
	switch {
	case strings.HasSuffix(req.route, "/check-runs"):
		return lateCheckRun, fmt.Sprint(made.ID), true
	case strings.HasSuffix(req.route, "/comments"):
		return lateComment, fmt.Sprint(made.ID), true
	case strings.HasSuffix(req.route, "/issues"):
		return lateIssue, fmt.Sprintf("%s#%d", req.repo(), made.Number), true
	}
	return "", "", false
}

// missedByThisRead returns the keys of kind one list read does not see
// yet, and counts the read against each.
func (s *Server) missedByThisRead(kind string) map[string]bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	missed := map[string]bool{}
	for k, n := range s.unseen {
		key, ok := strings.CutPrefix(k, kind+" ")
		if !ok {
			continue
		}
		missed[key] = true
		if n <= 1 {
			delete(s.unseen, k)
		} else {
			s.unseen[k] = n - 1
		}
	}
	return missed
}
