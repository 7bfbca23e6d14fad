package appbot

import (
	"context"
	"errors"
	"testing"

	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/serve"
)

// TestServeAppIsReadyOnlyForItsOwnKey: the server's App confirms with
// GitHub (GET /app, the App's JWT) that the key is the configured App's
// before it acts: a delivery before that is refused (500, redelivered),
// a key GitHub knows as another App's never becomes ready, and an
// unregistered key is refused. The control is the configured App: ready,
// and its handler answers a delivery.
func TestServeAppIsReadyOnlyForItsOwnKey(t *testing.T) {
	t.Parallel()
	fake := githubtest.New(t)
	fake.RegisterTestApp(4242, 77)
	for _, tc := range []struct {
		name  string
		appID int64
		ready bool
	}{
		{"the configured App (control)", 4242, true},
		{"another App's id for the key", 9999, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := ServeApp(serve.AppDeps{App: serve.Credentials{AppID: tc.appID, PrivateKey: githubtest.AppKeyPEM(), APIURL: fake.URL},
				Metrics: serve.NewMetrics()}, "test")
			d := serve.Delivery{ID: "d-1", Event: "ping", Body: []byte(`{"zen":"hi","hook_id":1}`)}
			if _, err := app.Handler.Handle(context.Background(), d); !errors.Is(err, errNotReady) {
				t.Fatalf("a delivery before the identity check: %v, want %v", err, errNotReady)
			}
			err := app.Check(context.Background())
			if (err == nil) != tc.ready {
				t.Fatalf("check: %v, want ready=%v", err, tc.ready)
			}
			out, err := app.Handler.Handle(context.Background(), d)
			if tc.ready && (err != nil || out != serve.Ignored) {
				t.Fatalf("after the check: %s %v, want ignored", out, err)
			}
			if !tc.ready && !errors.Is(err, errNotReady) {
				t.Fatalf("another App's key: %s %v, want %v", out, err, errNotReady)
			}
		})
	}
}

func TestWebURL(t *testing.T) {
	t.Parallel()
	for api, want := range map[string]string{"": "https://github.com", "https://api.github.com": "https://github.com",
		"https://ghe.example.com/api/v3": "https://ghe.example.com", "https://ghe.example.com/api/v3/": "https://ghe.example.com"} {
		if got := webURL(api); got != want {
			t.Errorf("webURL(%q) = %q, want %q", api, got, want)
		}
	}
}
