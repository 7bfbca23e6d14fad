package appbot_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/serve"
)

// TestSignedDeliveriesThroughTheServer runs the App as it is deployed:
// recorded webhook payloads, signed, posted to the real HTTP server in
// front of the App's handler, against the OpenAPI-checked fake GitHub. A
// delivery with a bad signature (401) and an oversized one (413) change
// nothing on GitHub; the honest delivery records one receipt, one
// reaction and one gate start; its replay (the same delivery id, signed,
// as GitHub's redelivery or an eavesdropper sends it) changes nothing
// more.
func TestSignedDeliveriesThroughTheServer(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.addRepo(hello)
	secret := []byte("the App's webhook secret")
	srv, err := serve.New(serve.Config{App: serve.Credentials{AppID: appID}, WebhookSecret: secret, Limits: serve.Limits{MaxBody: 1 << 20}},
		serve.Deps{Handler: w.handler(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = srv.Serve(ctx, ln) }()
	post := func(d serve.Delivery, body []byte, signature string) int {
		t.Helper()
		req, err := http.NewRequest(http.MethodPost, "http://"+ln.Addr().String()+"/webhook", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-GitHub-Event", d.Event)
		req.Header.Set("X-GitHub-Delivery", d.ID)
		req.Header.Set("X-Hub-Signature-256", signature)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	effects := func() (receipts, reactions, dispatches int) {
		receipts = len(appReceipts(t, w, hello))
		for _, c := range w.fake.Comments(hello, prNumber) {
			reactions += len(c.Reactions)
		}
		return receipts, reactions, len(w.fake.Dispatches())
	}
	d := w.comment(hello, reviewer, "/approve-plan STORY-002 the plan maps errors to fields")
	huge := append(bytes.TrimSuffix(d.Body, []byte("}")), []byte(`,"padding":"`+strings.Repeat("x", 2<<20)+`"}`)...)
	for _, tc := range []struct {
		name string
		body []byte
		sig  string
		code int
		want [3]int
	}{
		{"a bad signature", d.Body, serve.Sign([]byte("not the secret"), d.Body), http.StatusUnauthorized, [3]int{0, 0, 0}},
		{"an oversized body, signed", huge, serve.Sign(secret, huge), http.StatusRequestEntityTooLarge, [3]int{0, 0, 0}},
		{"the honest delivery", d.Body, serve.Sign(secret, d.Body), http.StatusOK, [3]int{1, 1, 1}},
		{"its replay", d.Body, serve.Sign(secret, d.Body), http.StatusOK, [3]int{1, 1, 1}},
	} {
		if code := post(d, tc.body, tc.sig); code != tc.code {
			t.Fatalf("%s: HTTP %d, want %d", tc.name, code, tc.code)
		}
		if r, re, di := effects(); [3]int{r, re, di} != tc.want {
			t.Fatalf("%s: %d receipts, %d reactions, %d gate starts; want %v", tc.name, r, re, di, tc.want)
		}
	}
}
