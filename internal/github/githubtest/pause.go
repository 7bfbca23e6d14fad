package githubtest

// Pause holds one request in the fake before it takes effect, so that a
// test can order concurrent clients deterministically: the request
// arrives, the test does what must come first, then releases it.
type Pause struct {
	key     string
	arrived chan struct{}
	release chan struct{}
}

// PauseNext holds the next request to the operation method route (e.g.
// "POST", "/repos/{owner}/{repo}/issues/{issue_number}/comments") when it
// arrives, before it is answered or changes anything, until Release (or
// the end of the test). Later requests to the operation pass.
func (s *Server) PauseNext(method, route string) *Pause {
	p := &Pause{key: method + " " + route, arrived: make(chan struct{}), release: make(chan struct{})}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pauses = append(s.pauses, p)
	return p
}

// Arrived is closed when the held request has arrived.
func (p *Pause) Arrived() <-chan struct{} { return p.arrived }

// Release lets the held request go on.
func (p *Pause) Release() { close(p.release) }

// holdIfPaused takes the first pause of this operation, if any, and holds
// the request until it is released or the fake closes.
func (s *Server) holdIfPaused(method, route string) {
	key := method + " " + unwildcard(route)
	s.mu.Lock()
	var p *Pause
	for i, candidate := range s.pauses {
		if candidate.key == key {
			p = candidate
			s.pauses = append(s.pauses[:i], s.pauses[i+1:]...)
			break
		}
	}
	s.mu.Unlock()
	if p == nil {
		return
	}
	close(p.arrived)
	select {
	case <-p.release:
	case <-s.closing:
	}
}
