package appbot_test

import (
	"bytes"
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
	url := serveWebhook(t, w.handler(), secret, serve.Limits{MaxBody: 1 << 20})
	post := func(d serve.Delivery, body []byte, signature string) int {
		t.Helper()
		code, err := postDelivery(url, d, body, signature)
		if err != nil {
			t.Fatal(err)
		}
		return code
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
