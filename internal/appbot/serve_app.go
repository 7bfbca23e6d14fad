package appbot

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/serve"
)

// errNotReady answers a delivery that arrives before the App's identity
// is known: a 500, so GitHub redelivers it.
var errNotReady = errors.New("the App's identity is not confirmed yet")

// ServeApp is `storygate serve`'s App: Check asks GitHub who the key
// belongs to (GET /app with the App's JWT), refuses another App's key,
// learns the slug the App posts as (<slug>[bot]) and only then builds the
// Handler over the App's installations, so that the server is ready only
// once receipts can be pinned to the right identity.
func ServeApp(d serve.AppDeps, version string) serve.App {
	a := &servedApp{deps: d, version: version}
	return serve.App{Handler: a, Check: a.check}
}

// servedApp is ServeApp's state: the handler, once the identity is known.
type servedApp struct {
	deps    serve.AppDeps
	version string
	mu      sync.Mutex
	handler *Handler
}

// Handle passes d to the handler, or refuses it before the identity check.
func (a *servedApp) Handle(ctx context.Context, d serve.Delivery) (serve.Outcome, error) {
	a.mu.Lock()
	h := a.handler
	a.mu.Unlock()
	if h == nil {
		return serve.Failed, errNotReady
	}
	return h.Handle(ctx, d)
}

// check confirms the App and builds the handler.
func (a *servedApp) check(ctx context.Context) error {
	creds := a.deps.App
	transport := serve.Transport(http.DefaultTransport, a.deps.Metrics)
	slug, err := appSlug(ctx, transport, creds)
	if err != nil {
		return err
	}
	h := New(Deps{AppID: creds.AppID, AppSlug: slug, Version: a.version, Log: a.deps.Logger, Metrics: a.deps.Metrics,
		Installations: &AppInstallations{BaseURL: creds.APIURL, AppID: creds.AppID, PrivateKeyPEM: creds.PrivateKey,
			Transport: transport, Metrics: a.deps.Metrics, Version: a.version},
		Checkouts: GitCheckouts{BaseURL: webURL(creds.APIURL)}, ServerURL: webURL(creds.APIURL)})
	a.mu.Lock()
	a.handler = h
	a.mu.Unlock()
	return nil
}

// appSlug asks GitHub which App the key signs for and checks it is the
// configured one.
func appSlug(ctx context.Context, rt http.RoundTripper, creds serve.Credentials) (string, error) {
	id, slug, err := github.AppIdentity(ctx, github.Config{BaseURL: creds.APIURL, Transport: rt,
		App: &github.AppAuth{AppID: creds.AppID, PrivateKeyPEM: creds.PrivateKey}})
	if err != nil {
		return "", fmt.Errorf("the App's identity: %w", err)
	}
	if id != creds.AppID || slug == "" {
		return "", fmt.Errorf("the key is App %d's (%q), not the configured App %d's", id, slug, creds.AppID)
	}
	return slug, nil
}

// webURL is the web root repositories are cloned from for an API root:
// https://github.com for api.github.com (or none), the server's root for
// GitHub Enterprise Server's /api/v3.
func webURL(api string) string {
	u, err := url.Parse(strings.TrimRight(api, "/"))
	if api == "" || err != nil || u.Host == "api.github.com" {
		return "https://github.com"
	}
	u.Path = strings.TrimSuffix(u.Path, "/api/v3")
	return u.String()
}
