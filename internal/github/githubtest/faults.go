package githubtest

import (
	"net/http"
	"strings"
)

// fault is a canned failure answer for the next request.
type fault struct {
	status  int
	headers map[string]string
	message string
}

func (f fault) write(w http.ResponseWriter) {
	for k, v := range f.headers {
		w.Header().Set(k, v)
	}
	writeError(w, f.status, f.message)
}

// FailNext makes the next n allowed requests fail with status, the given
// headers (e.g. Retry-After) and message, before any state changes; the
// requests are still validated and recorded. Use it to test retries.
func (s *Server) FailNext(n, status int, headers map[string]string, message string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.faults = append(s.faults, fault{status: status, headers: headers, message: message})
	}
}

// SecondaryRateLimit is the message GitHub sends with a secondary rate limit.
const SecondaryRateLimit = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."

func (s *Server) nextFault() (fault, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.faults) == 0 {
		return fault{}, false
	}
	f := s.faults[0]
	s.faults = s.faults[1:]
	return f, true
}

// LoseNextResponse makes the next request to the operation method route
// (e.g. "PUT", "/repos/{owner}/{repo}/contents/{path}") take effect and
// then answer 502 with Retry-After: 0, as when a proxy drops GitHub's
// answer: the client cannot tell it was applied.
func (s *Server) LoseNextResponse(method, route string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lost = append(s.lost, method+" "+route)
}

// loseResponse reports whether this answer is to be lost, and forgets it.
func (s *Server) loseResponse(method, route string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, key := range s.lost {
		if key == method+" "+strings.Replace(route, "{path*}", "{path}", 1) {
			s.lost = append(s.lost[:i], s.lost[i+1:]...)
			return true
		}
	}
	return false
}
