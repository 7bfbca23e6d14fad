package serve

import (
	"net/http"
	"strconv"
)

// Transport wraps rt so that every answer GitHub gives the handlers is
// counted in m (status, X-RateLimit-Remaining): the handlers build their
// GitHub clients over it.
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

// RoundTrip counts the answer, if there is one.
func (o observed) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := o.next.RoundTrip(r)
	if err != nil {
		return resp, err
	}
	remaining := -1
	if n, perr := strconv.Atoi(resp.Header.Get("X-RateLimit-Remaining")); perr == nil && n >= 0 {
		remaining = n
	}
	o.metrics.ObserveGitHubCall(resp.StatusCode, remaining)
	return resp, nil
}
