package serve

import (
	"net/http"
	"strconv"
)

// Transport wraps rt so that every request the handlers make to GitHub
// is counted in m (method, status, X-RateLimit-Remaining): the handlers
// build their GitHub clients over it.
func Transport(rt http.RoundTripper, m *Metrics) http.RoundTripper {
	if rt == nil {
		rt = http.DefaultTransport
	}
	return observed{next: rt, metrics: m}
}

type observed struct {
	next    http.RoundTripper
	metrics *Metrics
}

// RoundTrip counts the request and its answer (status 0: none).
func (o observed) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := o.next.RoundTrip(r)
	if err != nil {
		o.metrics.ObserveGitHubCall(r.Method, 0, -1)
		return resp, err
	}
	remaining := -1
	if n, perr := strconv.Atoi(resp.Header.Get("X-RateLimit-Remaining")); perr == nil && n >= 0 {
		remaining = n
	}
	o.metrics.ObserveGitHubCall(r.Method, resp.StatusCode, remaining)
	return resp, nil
}
