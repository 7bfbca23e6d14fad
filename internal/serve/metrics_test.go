package serve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// samples reads an exposition into sample → value, checking each line's
// syntax and that every sample's family was declared before it.
func samples(t *testing.T, text string) map[string]float64 {
	t.Helper()
	sample := regexp.MustCompile(`^([a-z_]+)(\{[^}]*\})? (\S+)$`)
	declared := map[string]bool{}
	out := map[string]float64{}
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		if f, ok := strings.CutPrefix(line, "# TYPE "); ok {
			declared[strings.Fields(f)[0]] = true
			continue
		}
		if strings.HasPrefix(line, "# HELP ") {
			continue
		}
		m := sample.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("not an exposition line: %q", line)
		}
		base := regexp.MustCompile(`_(bucket|sum|count)$`).ReplaceAllString(m[1], "")
		if !declared[m[1]] && !declared[base] {
			t.Errorf("sample %q before its # TYPE", line)
		}
		v, err := strconv.ParseFloat(m[3], 64)
		if err != nil {
			t.Fatalf("sample %q: %v", line, err)
		}
		out[m[1]+m[2]] = v
	}
	return out
}

// TestMetricsCountDeliveriesRefusalsAndGitHub: after deliveries of each
// outcome, refusals, GitHub answers (through Transport) and a decision,
// /metrics shows each count; the samples are valid exposition lines.
func TestMetricsCountDeliveriesRefusalsAndGitHub(t *testing.T) {
	t.Parallel()
	outcomes := []*recorder{{outcome: Handled}, {outcome: Handled}, {outcome: Ignored}, {err: errors.New("down")}}
	i := 0
	h := HandlerFunc(func(ctx2 context.Context, d Delivery) (Outcome, error) {
		rec := outcomes[i]
		i++
		return rec.Handle(ctx2, d)
	})
	r := start(t, h, Limits{}, nil)
	body := payload(t, "issue_comment.created.1")
	for n := range outcomes {
		send(t, delivery(t, r.url, "issue_comment", fmt.Sprintf("0f6a5c1e-6666-11ef-8000-00000000000%d", n), body, Sign(testSecret, body)))
	}
	send(t, delivery(t, r.url, "issue_comment", "0f6a5c1e-6666-11ef-8000-000000000009", body, Sign([]byte("forged"), body)))
	send(t, delivery(t, r.url, "", "0f6a5c1e-6666-11ef-8000-000000000010", body, Sign(testSecret, body)))

	github := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		w.Header().Set("X-RateLimit-Remaining", "4321")
		if req.URL.Path == "/missing" {
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	defer github.Close()
	client := &http.Client{Transport: Transport(nil, r.metrics)}
	for _, p := range []string{"/ok", "/ok", "/missing"} {
		resp, err := client.Get(github.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	if _, err := client.Get(closed.URL); err == nil {
		t.Fatal("a closed server answered")
	}
	r.metrics.ObserveDecisionLatency("issue_comment", 1500*time.Millisecond)

	status, text := get(t, r, "/metrics")
	if status != http.StatusOK {
		t.Fatalf("/metrics: %d", status)
	}
	got := samples(t, text)
	for name, want := range map[string]float64{
		`storygate_deliveries_total{event="issue_comment",outcome="handled"}`:       2,
		`storygate_deliveries_total{event="issue_comment",outcome="ignored"}`:       1,
		`storygate_deliveries_total{event="issue_comment",outcome="failed"}`:        1,
		`storygate_webhook_refused_total{reason="signature"}`:                       1,
		`storygate_webhook_refused_total{reason="headers"}`:                         1,
		`storygate_delivery_duration_seconds_count`:                                 4,
		`storygate_delivery_duration_seconds_bucket{le="+Inf"}`:                     4,
		`storygate_deliveries_in_flight`:                                            0,
		`storygate_github_requests_total{method="GET",code="200"}`:                  2,
		`storygate_github_requests_total{method="GET",code="404"}`:                  1,
		`storygate_github_requests_total{method="GET",code="0"}`:                    1,
		`storygate_github_rate_limit_remaining`:                                     4321,
		`storygate_decision_latency_seconds_bucket{event="issue_comment",le="1"}`:   0,
		`storygate_decision_latency_seconds_bucket{event="issue_comment",le="2.5"}`: 1,
		`storygate_decision_latency_seconds_sum{event="issue_comment"}`:             1.5,
	} {
		if v, ok := got[name]; !ok || v != want {
			t.Errorf("%s = %v (present %v), want %v", name, v, ok, want)
		}
	}
}

// TestLabelValuesAreEscaped: a label value with a quote, a backslash or
// a line break cannot end its sample early.
func TestLabelValuesAreEscaped(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`plain`: `"plain"`, `a"b`: `"a\"b"`, `a\b`: `"a\\b"`, "a\nb": `"a\nb"`,
	} {
		if got := label(in); got != want {
			t.Errorf("label(%q) = %s, want %s", in, got, want)
		}
	}
}

// text is the exposition as /metrics serves it.
func (m *Metrics) text() string {
	var b strings.Builder
	m.WriteTo(&b)
	return b.String()
}
