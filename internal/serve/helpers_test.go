package serve

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// testSecret is the webhook secret of the test servers.
var testSecret = Secret("it-is-the-webhook-secret-7f3a9c")

// recorder is a Handler that records what it was given and answers with
// outcome and err; with hold set, each call first says it started and
// then waits for a release.
type recorder struct {
	mu         sync.Mutex
	deliveries []Delivery
	outcome    Outcome
	err        error
	started    chan struct{}
	release    chan struct{}
	log        string // logged through Logger(ctx) when set
}

func (r *recorder) Handle(ctx context.Context, d Delivery) (Outcome, error) {
	if r.log != "" {
		Logger(ctx).Info(r.log)
	}
	if r.started != nil {
		r.started <- struct{}{}
		<-r.release
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.deliveries = append(r.deliveries, d)
	if r.outcome == "" && r.err == nil {
		return Handled, nil
	}
	return r.outcome, r.err
}

func (r *recorder) got() []Delivery {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Delivery(nil), r.deliveries...)
}

// syncBuffer collects log lines from concurrent writers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// running is a test server on loopback.
type running struct {
	url     string
	addr    string
	server  *Server
	metrics *Metrics
	logs    *syncBuffer
	stop    context.CancelFunc
	done    chan error
}

// start runs a server with h and limits until the test ends.
func start(t *testing.T, h Handler, limits Limits, check func(context.Context) error) *running {
	t.Helper()
	logs := &syncBuffer{}
	m := NewMetrics()
	cfg := Config{Listen: "127.0.0.1:0", App: Credentials{AppID: 4242, PrivateKey: testKey(t)}, WebhookSecret: testSecret, Limits: limits}
	s, err := New(cfg, Deps{Handler: h, Check: check, Metrics: m, Logger: NewLogger(logs)})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{url: "http://" + ln.Addr().String(), addr: ln.Addr().String(), server: s, metrics: m, logs: logs, stop: cancel, done: make(chan error, 1)}
	go func() { r.done <- s.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-r.done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return r
}

// payload reads a recorded webhook payload from testdata/webhooks.
func payload(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "webhooks", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// delivery is a request GitHub would send: event, id, body, signature.
func delivery(t *testing.T, url, event, id string, body []byte, signature string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url+"/webhook", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "GitHub-Hookshot/044aadd")
	if event != "" {
		req.Header.Set("X-GitHub-Event", event)
	}
	if id != "" {
		req.Header.Set("X-GitHub-Delivery", id)
	}
	if signature != "" {
		req.Header.Set("X-Hub-Signature-256", signature)
	}
	return req
}

// send sends req and returns the status and the body.
func send(t *testing.T, req *http.Request) (int, string) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

// get fetches path from the server.
func get(t *testing.T, r *running, path string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, r.url+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	return send(t, req)
}

// rawStatus writes head (and body) on a fresh connection and reads the
// answer's status; 0 when the server closed the connection without one.
func rawStatus(t *testing.T, addr, head string, body []byte) int {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Write(body); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || isReset(err) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func isReset(err error) bool {
	var op *net.OpError
	return errors.As(err, &op)
}

// rawHead is a delivery's request line and headers, signed for body.
func rawHead(length string, body []byte) string {
	var b strings.Builder
	fmt.Fprintf(&b, "POST /webhook HTTP/1.1\r\nHost: storygate\r\nContent-Type: application/json\r\n")
	fmt.Fprintf(&b, "X-GitHub-Event: issue_comment\r\nX-GitHub-Delivery: 0f6a5c1e-1111-11ef-8000-000000000001\r\n")
	fmt.Fprintf(&b, "X-Hub-Signature-256: %s\r\n", Sign(testSecret, body))
	fmt.Fprintf(&b, "%s\r\n\r\n", length)
	return b.String()
}

var (
	keyOnce sync.Once
	keyPEM  []byte
	keyErr  error
)

// testKey is an RSA private key in PEM, made once per test binary.
func testKey(t *testing.T) Secret {
	t.Helper()
	keyOnce.Do(func() {
		var k *rsa.PrivateKey
		if k, keyErr = rsa.GenerateKey(rand.Reader, 2048); keyErr == nil {
			keyPEM = pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(k)})
		}
	})
	if keyErr != nil {
		t.Fatal(keyErr)
	}
	return Secret(keyPEM)
}

// until waits for ch, failing the test if the server stopped first.
func until(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(time.Minute):
		t.Fatalf("%s did not happen within a minute", what)
	}
}
