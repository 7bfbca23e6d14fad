package cli

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/storygate/storygate/internal/serve"
)

// serveConfigSituations: a wrong server configuration exits 2, naming
// what is wrong, before anything listens.
func serveConfigSituations() []situation {
	return []situation{
		{"an app id that is not a number", func(t *testing.T) (int, string, string) {
			code, stdout, stderr := run(t, "serve", "--app-id", "x", "--webhook-secret-file", "/dev/null")
			return code, stdout + stderr, `--app-id "x"`
		}},
		{"a key that is not PEM", func(t *testing.T) (int, string, string) {
			key := filepath.Join(t.TempDir(), "app.pem")
			if err := os.WriteFile(key, []byte("not a key"), 0o600); err != nil {
				t.Fatal(err)
			}
			code, stdout, stderr := run(t, "serve", "--app-id", "1", "--private-key-file", key)
			return code, stdout + stderr, "not PEM"
		}},
	}
}

// listenWatcher is the command's stderr: it keeps the log and hands over
// the address of the "listening" line, so the test waits on the server,
// never on a clock.
type listenWatcher struct {
	mu   sync.Mutex
	log  bytes.Buffer
	addr chan string
}

func (w *listenWatcher) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.log.Write(p)
	for _, line := range bytes.Split(p, []byte("\n")) {
		var l struct{ Msg, Addr string }
		if json.Unmarshal(line, &l) == nil && l.Msg == "listening" {
			w.addr <- l.Addr
		}
	}
	return len(p), nil
}

func (w *listenWatcher) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.log.String()
}

// testAppKey is a PEM RSA key for the App.
func testAppKey(t *testing.T) string {
	t.Helper()
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(k)}))
}

// TestServeServesUntilItsContextEnds: `storygate serve`, configured from
// the environment (the key and the secret by value) with the listen
// address from its flag, builds the handlers through its seam with the
// App's credentials, hands them a signed delivery, and exits 0 once its
// context (a signal, in Main) ends; the secret is in no log line.
func TestServeServesUntilItsContextEnds(t *testing.T) {
	t.Parallel()
	const secret = "the-webhook-secret-of-this-test"
	environment := map[string]string{serve.EnvAppID: "31", serve.EnvPrivateKey: testAppKey(t),
		serve.EnvWebhookSecret: secret, serve.EnvListen: "127.0.0.1:1", serve.EnvAPIURL: "https://ghes.example.com/api/v3"}
	got := make(chan serve.Delivery, 1)
	var built serve.AppDeps
	deps := serveDeps{getenv: func(k string) string { return environment[k] }, newApp: func(d serve.AppDeps) (serve.App, error) {
		built = d
		return serve.App{Handler: serve.HandlerFunc(func(_ context.Context, d serve.Delivery) (serve.Outcome, error) {
			got <- d
			return serve.Handled, nil
		})}, nil
	}}
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &listenWatcher{addr: make(chan string, 1)}
	exit := make(chan int, 1)
	go func() {
		exit <- deps.run(env{ctx: ctx, stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: stderr}, []string{"--listen", "127.0.0.1:0"})
	}()
	addr := <-stderr.addr
	body := []byte(`{"action":"created"}`)
	req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/webhook", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-GitHub-Event", "issue_comment")
	req.Header.Set("X-GitHub-Delivery", "0f6a5c1e-8888-11ef-8000-000000000001")
	req.Header.Set("X-Hub-Signature-256", serve.Sign([]byte(secret), body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if d := <-got; resp.StatusCode != http.StatusOK || string(d.Body) != string(body) {
		t.Errorf("answer %d, handler got %q; want 200 and the body", resp.StatusCode, d.Body)
	}
	cancel()
	if code := <-exit; code != ExitOK {
		t.Errorf("exit %d after the context ended, want 0:\n%s", code, stderr)
	}
	if built.App.AppID != 31 || built.App.APIURL != "https://ghes.example.com/api/v3" || built.Metrics == nil || built.Logger == nil {
		t.Errorf("the handlers were built from %+v, want the App's credentials, metrics and logger", built)
	}
	if strings.Contains(stderr.String(), secret) || !strings.Contains(stderr.String(), "0f6a5c1e-8888-11ef-8000-000000000001") {
		t.Errorf("the log shows the secret, or not the delivery's id:\n%s", stderr)
	}
}

// TestServeWithoutHandlersRefusesToStart: the handlers failing to build
// (this build's seam, until internal/appbot's constructor is wired in)
// exits 3 naming why, and nothing listens, so GitHub never gets a 2xx
// for a delivery nothing acted on.
func TestServeWithoutHandlersRefusesToStart(t *testing.T) {
	t.Parallel()
	environment := map[string]string{serve.EnvAppID: "31", serve.EnvPrivateKey: testAppKey(t), serve.EnvWebhookSecret: "s"}
	for name, newApp := range map[string]func(serve.AppDeps) (serve.App, error){
		"a failing factory": func(serve.AppDeps) (serve.App, error) { return serve.App{}, errors.New("no installation client") },
	} {
		var stderr bytes.Buffer
		deps := serveDeps{newApp: newApp, getenv: func(k string) string { return environment[k] }}
		code := deps.run(env{ctx: context.Background(), stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &stderr}, []string{"--listen", "127.0.0.1:0"})
		if code != ExitInternal || strings.Contains(stderr.String(), `"listening"`) {
			t.Errorf("%s: exit %d, want 3 before listening:\n%s", name, code, stderr.String())
		}
	}
}

// TestASignalEndsServeNormally: after SIGTERM, serve exits by its own
// code (0 once drained), while any other command a signal cancelled was
// stopped (3, saying so).
func TestASignalEndsServeNormally(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(&stoppedError{sig: syscall.SIGTERM})
	for name, want := range map[string]int{"serve": ExitOK, "verify": ExitInternal} {
		var stderr bytes.Buffer
		e := env{ctx: ctx, stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &stderr}
		if got := exitAfter(e, name, ctx, ExitOK); got != want {
			t.Errorf("%s after SIGTERM: exit %d, want %d (%s)", name, got, want, stderr.String())
		}
	}
}
