package serve

import (
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Metrics are the server's Prometheus metrics, written in the text
// exposition format (version 0.0.4) by hand: deliveries by event and
// outcome, refusals by reason, delivery durations, and what the handlers
// report of GitHub (calls by status, rate-limit headroom, decision
// latency). Safe for concurrent use; the zero value is not, use
// NewMetrics.
type Metrics struct {
	mu         sync.Mutex
	deliveries map[[2]string]uint64
	refused    map[string]uint64
	inFlight   int64
	duration   histogram
	calls      map[[2]string]uint64
	remaining  int64
	known      bool
	decision   map[string]*histogram
}

// latencyBuckets are the histograms' upper bounds, in seconds: from a
// fast ignored event to GitHub's 10 s answer limit and beyond.
var latencyBuckets = []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60}

// NewMetrics returns empty metrics.
func NewMetrics() *Metrics {
	return &Metrics{deliveries: map[[2]string]uint64{}, refused: map[string]uint64{}, calls: map[[2]string]uint64{},
		duration: newHistogram(), decision: map[string]*histogram{}}
}

// ObserveGitHubCall records one request to GitHub: its method, the
// status answered (0: no answer) and the X-RateLimit-Remaining it
// carried (negative: none). The handlers call it for every request they
// make (see Transport).
func (m *Metrics) ObserveGitHubCall(method string, status, remaining int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls[[2]string{method, strconv.Itoa(status)}]++
	if remaining >= 0 {
		m.remaining, m.known = int64(remaining), true
	}
}

// ObserveDecisionLatency records how long a delivery of event took from
// its receipt to its result on GitHub (a receipt, a reply, a dispatch).
func (m *Metrics) ObserveDecisionLatency(event string, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	h := m.decision[event]
	if h == nil {
		fresh := newHistogram()
		h = &fresh
		m.decision[event] = h
	}
	h.observe(d.Seconds())
}

// delivered records a delivery's outcome and how long it took.
func (m *Metrics) delivered(event string, outcome Outcome, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.deliveries[[2]string{event, string(outcome)}]++
	m.duration.observe(d.Seconds())
}

// refuse records a request refused before any handler saw it.
func (m *Metrics) refuse(reason string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.refused[reason]++
}

// track counts a delivery in flight until the returned function runs.
func (m *Metrics) track() func() {
	m.mu.Lock()
	m.inFlight++
	m.mu.Unlock()
	return func() {
		m.mu.Lock()
		m.inFlight--
		m.mu.Unlock()
	}
}

// ServeHTTP answers GET /metrics.
func (m *Metrics) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	m.WriteTo(w)
}

// WriteTo writes every metric in the text exposition format, each
// family's samples in a stable order.
func (m *Metrics) WriteTo(w io.Writer) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var b strings.Builder
	family(&b, "storygate_deliveries_total", "counter", "Verified webhook deliveries, by event and outcome.")
	for _, k := range slices.SortedFunc(maps.Keys(m.deliveries), compareKeys) {
		fmt.Fprintf(&b, "storygate_deliveries_total{event=%s,outcome=%s} %d\n", label(k[0]), label(k[1]), m.deliveries[k])
	}
	family(&b, "storygate_webhook_refused_total", "counter", "Requests to /webhook refused before any handler saw them, by reason.")
	for _, r := range slices.Sorted(maps.Keys(m.refused)) {
		fmt.Fprintf(&b, "storygate_webhook_refused_total{reason=%s} %d\n", label(r), m.refused[r])
	}
	family(&b, "storygate_deliveries_in_flight", "gauge", "Deliveries being handled now.")
	fmt.Fprintf(&b, "storygate_deliveries_in_flight %d\n", m.inFlight)
	family(&b, "storygate_delivery_duration_seconds", "histogram", "Time from a verified delivery to its answer.")
	m.duration.write(&b, "storygate_delivery_duration_seconds", "")
	family(&b, "storygate_github_requests_total", "counter", "The handlers' requests to GitHub, by method and HTTP status (0: no answer).")
	for _, k := range slices.SortedFunc(maps.Keys(m.calls), compareKeys) {
		fmt.Fprintf(&b, "storygate_github_requests_total{method=%s,code=%s} %d\n", label(k[0]), label(k[1]), m.calls[k])
	}
	if m.known {
		family(&b, "storygate_github_rate_limit_remaining", "gauge", "X-RateLimit-Remaining of GitHub's latest answer.")
		fmt.Fprintf(&b, "storygate_github_rate_limit_remaining %d\n", m.remaining)
	}
	family(&b, "storygate_decision_latency_seconds", "histogram", "Time from a delivery's receipt to its result on GitHub, by event.")
	for _, event := range slices.Sorted(maps.Keys(m.decision)) {
		m.decision[event].write(&b, "storygate_decision_latency_seconds", "event="+label(event)+",")
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// family writes a metric family's HELP and TYPE lines.
func family(b *strings.Builder, name, kind, help string) {
	fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, kind)
}

// label quotes a label value as the exposition format escapes it.
func label(v string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(v) + `"`
}

func compareKeys(a, b [2]string) int {
	if c := strings.Compare(a[0], b[0]); c != 0 {
		return c
	}
	return strings.Compare(a[1], b[1])
}

// histogram counts observations into latencyBuckets (cumulative when
// written, as Prometheus expects).
type histogram struct {
	counts []uint64
	sum    float64
	count  uint64
}

func newHistogram() histogram { return histogram{counts: make([]uint64, len(latencyBuckets))} }

func (h *histogram) observe(v float64) {
	for i, le := range latencyBuckets {
		if v <= le {
			h.counts[i]++
			break
		}
	}
	h.sum += v
	h.count++
}

// write writes the histogram's samples; labels, if any, end in a comma
// and come before le.
func (h *histogram) write(b *strings.Builder, name, labels string) {
	var cumulative uint64
	for i, le := range latencyBuckets {
		cumulative += h.counts[i]
		fmt.Fprintf(b, "%s_bucket{%sle=\"%s\"} %d\n", name, labels, strconv.FormatFloat(le, 'g', -1, 64), cumulative)
	}
	fmt.Fprintf(b, "%s_bucket{%sle=\"+Inf\"} %d\n", name, labels, h.count)
	if labels = strings.TrimSuffix(labels, ","); labels != "" {
		labels = "{" + labels + "}"
	}
	fmt.Fprintf(b, "%s_sum%s %s\n%s_count%s %d\n", name, labels, strconv.FormatFloat(h.sum, 'g', -1, 64), name, labels, h.count)
}

// handlerMetrics is what the handlers (internal/appbot's Metrics) ask of
// the server's metrics; *Metrics provides it.
var _ interface {
	ObserveGitHubCall(method string, status, remaining int)
	ObserveDecisionLatency(event string, d time.Duration)
} = (*Metrics)(nil)
