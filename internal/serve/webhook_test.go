package serve

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// realPayloads are recorded GitHub deliveries (testdata/webhooks) and the
// X-GitHub-Event each came with.
var realPayloads = []struct{ file, event string }{
	{"issue_comment.created.1", "issue_comment"},
	{"pull_request.opened.1", "pull_request"},
	{"check_run.rerequested.1", "check_run"},
	{"check_suite.rerequested.1", "check_suite"},
	{"workflow_run.completed.1", "workflow_run"},
	{"merge_group.checks_requested.1", "merge_group"},
}

// TestSignedRealPayloadsReachTheHandler: each recorded payload, signed
// with the secret, goes through the HTTP server to the handler byte for
// byte, with its id and event, and the answer follows the outcome.
func TestSignedRealPayloadsReachTheHandler(t *testing.T) {
	t.Parallel()
	for i, p := range realPayloads {
		for _, want := range []struct {
			outcome Outcome
			status  int
		}{{Handled, http.StatusOK}, {Ignored, http.StatusAccepted}, {Duplicate, http.StatusOK}} {
			t.Run(p.file+"/"+string(want.outcome), func(t *testing.T) {
				t.Parallel()
				h := &recorder{outcome: want.outcome}
				r := start(t, h, Limits{}, nil)
				body := payload(t, p.file)
				id := fmt.Sprintf("72d3162e-cc78-11e3-81ab-4c9367dc%04d", i)
				status, answer := send(t, delivery(t, r.url, p.event, id, body, Sign(testSecret, body)))
				if status != want.status || !strings.Contains(answer, `"outcome":"`+string(want.outcome)+`"`) {
					t.Errorf("answer %d %s, want %d with outcome %s", status, answer, want.status, want.outcome)
				}
				got := h.got()
				if len(got) != 1 || got[0].ID != id || got[0].Event != p.event || !bytes.Equal(got[0].Body, body) || got[0].Received.IsZero() {
					t.Fatalf("handler got %d deliveries %+v, want the one sent", len(got), got)
				}
			})
		}
	}
}

// refusedCase is a request the server must refuse before the handler.
type refusedCase struct {
	name   string
	status int
	edit   func(req *http.Request)
}

func sha1Signature(secret, body []byte) string {
	mac := hmac.New(sha1.New, secret)
	mac.Write(body)
	return "sha1=" + hex.EncodeToString(mac.Sum(nil))
}

// refusedCases are the attacks on /webhook and the malformed requests,
// each changing one thing of an otherwise good delivery of body.
func refusedCases(body []byte) []refusedCase {
	set := func(k, v string) func(*http.Request) { return func(r *http.Request) { r.Header.Set(k, v) } }
	del := func(k string) func(*http.Request) { return func(r *http.Request) { r.Header.Del(k) } }
	good := Sign(testSecret, body)
	return []refusedCase{
		{"signed with another secret", 401, set("X-Hub-Signature-256", Sign([]byte("not-the-secret"), body))},
		{"signature of another body", 401, set("X-Hub-Signature-256", Sign(testSecret, append([]byte(" "), body...)))},
		{"sha1 algorithm prefix", 401, set("X-Hub-Signature-256", sha1Signature(testSecret, body))},
		{"sha1 header only", 401, func(r *http.Request) {
			r.Header.Del("X-Hub-Signature-256")
			r.Header.Set("X-Hub-Signature", sha1Signature(testSecret, body))
		}},
		{"sha256 digits under another prefix", 401, set("X-Hub-Signature-256", "sha512="+strings.TrimPrefix(good, "sha256="))},
		{"truncated signature", 401, set("X-Hub-Signature-256", good[:len(good)-2])},
		{"no signature", 401, del("X-Hub-Signature-256")},
		{"empty signature", 401, set("X-Hub-Signature-256", "")},
		{"no event", 400, del("X-GitHub-Event")},
		{"no delivery id", 400, del("X-GitHub-Delivery")},
		{"delivery id with a quote", 400, func(r *http.Request) { r.Header["X-Github-Delivery"] = []string{"a\"b"} }},
		{"not JSON", 415, set("Content-Type", "application/x-www-form-urlencoded")},
		{"GET", 405, func(r *http.Request) { r.Method = http.MethodGet }},
	}
}

// TestRefusedRequestsNeverReachTheHandler: a forged, mis-signed or
// malformed delivery gets its 4xx and the handler never runs; the
// control, the same delivery signed right, is handled by the same server.
func TestRefusedRequestsNeverReachTheHandler(t *testing.T) {
	t.Parallel()
	body := payload(t, "issue_comment.created.1")
	for _, c := range refusedCases(body) {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := &recorder{}
			r := start(t, h, Limits{}, nil)
			req := delivery(t, r.url, "issue_comment", "0f6a5c1e-2222-11ef-8000-000000000001", body, Sign(testSecret, body))
			c.edit(req)
			if status, answer := send(t, req); status != c.status {
				t.Errorf("answer %d %s, want %d", status, answer, c.status)
			}
			if got := h.got(); len(got) != 0 {
				t.Fatalf("the handler got %d deliveries; a refused one must never reach it", len(got))
			}
			control := delivery(t, r.url, "issue_comment", "0f6a5c1e-2222-11ef-8000-000000000002", body, Sign(testSecret, body))
			if status, answer := send(t, control); status != http.StatusOK || len(h.got()) != 1 {
				t.Errorf("control: answer %d %s, handler got %d; want 200 and one delivery", status, answer, len(h.got()))
			}
		})
	}
}

// zeros is an endless stream of '0' bytes, so a large body is never
// allocated by the test.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '0'
	}
	return len(p), nil
}

// TestAnOversizedBodyIsRefused: a chunked body one byte over the cap is
// cut off at the cap (413), a Content-Length over GitHub's 25 MB cap is
// refused before a byte of the body is read; neither reaches the handler.
// The control: a body of exactly the cap is handled.
func TestAnOversizedBodyIsRefused(t *testing.T) {
	t.Parallel()
	const limit = 4 << 10
	h := &recorder{}
	r := start(t, h, Limits{MaxBody: limit}, nil)
	over := io.LimitReader(zeros{}, limit+1)
	req := delivery(t, r.url, "issue_comment", "0f6a5c1e-3333-11ef-8000-000000000001", nil, Sign(testSecret, []byte("x")))
	req.Body, req.ContentLength = io.NopCloser(over), -1 // chunked: only the reader knows its length
	if status, _ := send(t, req); status != http.StatusRequestEntityTooLarge {
		t.Errorf("a chunked body over the cap: answer %d, want 413", status)
	}
	exact := bytes.Repeat([]byte("0"), limit)
	control := delivery(t, r.url, "issue_comment", "0f6a5c1e-3333-11ef-8000-000000000002", exact, Sign(testSecret, exact))
	if status, _ := send(t, control); status != http.StatusOK {
		t.Errorf("control, a body of exactly the cap: answer %d, want 200", status)
	}
	if got := h.got(); len(got) != 1 || len(got[0].Body) != limit {
		t.Errorf("the handler got %d deliveries, want the control's only", len(got))
	}

	def := start(t, h, Limits{}, nil)
	head := rawHead(fmt.Sprintf("Content-Length: %d", DefaultMaxBody+1), []byte("{}"))
	if status := rawStatus(t, def.addr, head, []byte("{}")); status != http.StatusRequestEntityTooLarge {
		t.Errorf("Content-Length over 25 MiB: answer %d, want 413", status)
	}
	if got := h.got(); len(got) != 1 {
		t.Errorf("the handler got %d deliveries, want the control's only", len(got))
	}
}

// TestASlowClientIsCutOff: a client that sends its headers and part of
// its body, then stalls, is answered 408 or disconnected once the
// server's read timeout passes, and the handler never runs. The test
// waits on the server, never on a clock of its own. The control: the
// whole body sent at once on the same kind of connection is handled.
func TestASlowClientIsCutOff(t *testing.T) {
	t.Parallel()
	h := &recorder{}
	r := start(t, h, Limits{ReadTimeout: 300 * time.Millisecond}, nil)
	body := payload(t, "issue_comment.created.1")
	head := rawHead(fmt.Sprintf("Content-Length: %d", len(body)), body)
	status := rawStatus(t, r.addr, head, body[:len(body)/2])
	if status != http.StatusRequestTimeout && status != 0 {
		t.Errorf("a stalled body: answer %d, want 408 or a closed connection", status)
	}
	if got := h.got(); len(got) != 0 {
		t.Fatalf("the handler got %d deliveries from a stalled client", len(got))
	}
	patient := start(t, h, Limits{}, nil)
	if status := rawStatus(t, patient.addr, head, body); status != http.StatusOK {
		t.Errorf("control, the whole body: answer %d, want 200", status)
	}
}

// TestAFailingHandlerGets500: an error, a panic and an outcome that is
// none of the known ones each answer 500 (GitHub may redeliver), and the
// server keeps serving.
func TestAFailingHandlerGets500(t *testing.T) {
	t.Parallel()
	for name, h := range map[string]Handler{
		"error":            &recorder{err: errors.New("GitHub is down")},
		"panic":            panicking{},
		"unknown outcome":  &recorder{outcome: "maybe"},
		"failed, no error": &recorder{outcome: Failed},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := start(t, h, Limits{}, nil)
			body := payload(t, "pull_request.opened.1")
			status, answer := send(t, delivery(t, r.url, "pull_request", "0f6a5c1e-4444-11ef-8000-000000000001", body, Sign(testSecret, body)))
			var a struct{ Outcome string }
			if err := json.Unmarshal([]byte(answer), &a); err != nil || status != http.StatusInternalServerError || a.Outcome != string(Failed) {
				t.Errorf("answer %d %s, want 500 with outcome failed", status, answer)
			}
			if status, _ := get(t, r, "/healthz"); status != http.StatusOK {
				t.Errorf("/healthz after the failure: %d, want 200", status)
			}
		})
	}
}

type panicking struct{}

func (panicking) Handle(context.Context, Delivery) (Outcome, error) { panic("boom") }

// TestConcurrentDeliveriesEachReachTheHandlerOnce: deliveries sent at
// once are each handed over exactly once and counted once; none is lost
// or doubled by the server.
func TestConcurrentDeliveriesEachReachTheHandlerOnce(t *testing.T) {
	t.Parallel()
	const n = 40
	h := &recorder{}
	r := start(t, h, Limits{}, nil)
	body := payload(t, "issue_comment.created.1")
	statuses := make(chan int, n)
	for i := range n {
		req := delivery(t, r.url, "issue_comment", fmt.Sprintf("0f6a5c1e-9999-11ef-8000-%012d", i), body, Sign(testSecret, body))
		go func() {
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				statuses <- -1
				return
			}
			resp.Body.Close()
			statuses <- resp.StatusCode
		}()
	}
	for range n {
		if s := <-statuses; s != http.StatusOK {
			t.Errorf("a delivery was answered %d, want 200", s)
		}
	}
	seen := map[string]int{}
	for _, d := range h.got() {
		seen[d.ID]++
	}
	for i := range n {
		if id := fmt.Sprintf("0f6a5c1e-9999-11ef-8000-%012d", i); seen[id] != 1 {
			t.Errorf("delivery %s reached the handler %d times, want once", id, seen[id])
		}
	}
	if got := samples(t, r.metrics.text())[`storygate_deliveries_total{event="issue_comment",outcome="handled"}`]; got != n {
		t.Errorf("counted %v deliveries, want %d", got, n)
	}
}
