package githubtest

import (
	"net"
	"net/http"
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

// Fault is a transport failure the fake injects into one kind of request.
type Fault int

// The faults Inject knows.
const (
	// Reset drops the connection with a TCP reset before the request takes
	// effect: the client sees "connection reset by peer".
	Reset Fault = iota + 1
	// Hang never answers and changes nothing: the client waits until its
	// own timeout.
	Hang
	// AppliedThen5xx applies the request, then answers 502 with
	// Retry-After: 0, as when a proxy drops GitHub's answer: the client
	// cannot tell it was applied.
	AppliedThen5xx
	// AppliedThenReset applies the request, then resets the connection
	// instead of answering.
	AppliedThenReset
	// Unapplied500 answers 500 and changes nothing, as GitHub may before
	// it applies a request: the client cannot tell it from AppliedThen5xx.
	Unapplied500
	// AppliedLate holds the request until the client's attempt gives up
	// (its timeout), then applies it, as GitHub may a request whose
	// client has gone: the client saw a timeout and cannot tell. The
	// fake holds every later request until it has applied it, so the
	// order is the worst one (applied before the client's next look) and
	// tests do not depend on timing. With InjectAppliedLate the result is
	// also missing from the next list reads, as GitHub's eventual
	// consistency may keep it.
	AppliedLate
	// AppliedThenHang applies the request, then never answers: the client
	// gives up at its own timeout on a request GitHub carried out.
	AppliedThenHang
)

// String names the fault for test names.
func (f Fault) String() string {
	switch f {
	case Reset:
		return "reset"
	case Hang:
		return "hang"
	case AppliedThen5xx:
		return "applied-then-502"
	case AppliedThenReset:
		return "applied-then-reset"
	case Unapplied500:
		return "500-unapplied"
	case AppliedLate:
		return "applied-late"
	case AppliedThenHang:
		return "applied-then-hang"
	}
	return "no fault"
}

// injected is one pending Inject or FailNextTo.
type injected struct {
	key   string
	fault Fault
	// lag is how many list reads miss what an AppliedLate request made.
	lag int
	// answer, for FailNextTo, is the failure sent before any state
	// changes.
	answer *fault
}

// FailNextTo makes the next request to the operation method route fail
// with status and message before any state changes, as FailNext does for
// whatever request comes next.
func (s *Server) FailNextTo(method, route string, status int, message string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.injected = append(s.injected, injected{key: method + " " + route, answer: &fault{status: status, message: message}})
}

// Inject makes the next n requests to the operation method route (e.g.
// "POST", "/repos/{owner}/{repo}/check-runs") fail with fault. The requests
// are still validated and recorded, with status 0 when no answer was sent.
func (s *Server) Inject(method, route string, fault Fault, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.injected = append(s.injected, injected{key: method + " " + route, fault: fault})
	}
}

// InjectAppliedLate makes the next request to method route AppliedLate,
// and leaves what it makes (a check run, a comment, an issue) out of the
// next lag reads of the list it belongs to: GitHub's eventual
// consistency, which a look right after the timeout would be fooled by.
func (s *Server) InjectAppliedLate(method, route string, lag int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.injected = append(s.injected, injected{key: method + " " + route, fault: AppliedLate, lag: lag})
}

// LoseNextResponse is Inject(method, route, AppliedThen5xx, 1).
func (s *Server) LoseNextResponse(method, route string) {
	s.Inject(method, route, AppliedThen5xx, 1)
}

// takeFault returns and forgets the first fault injected for this
// operation.
func (s *Server) takeFault(method, route string) injected {
	key := method + " " + unwildcard(route)
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, in := range s.injected {
		if in.key == key {
			s.injected = append(s.injected[:i], s.injected[i+1:]...)
			return in
		}
	}
	return injected{}
}

// hang waits until the client gives up or the fake closes.
func (s *Server) hang(r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-s.closing:
	}
}

// reset closes the client's connection with RST instead of an answer.
func reset(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		return
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		return
	}
	if tcp, ok := conn.(*net.TCPConn); ok {
		_ = tcp.SetLinger(0)
	}
	_ = conn.Close()
}

// ClearFaults drops every pending fault, canned (FailNext) or injected.
func (s *Server) ClearFaults() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults, s.injected = nil, nil
}
