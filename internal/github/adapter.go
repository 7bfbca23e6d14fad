package github

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/bradleyfalzon/ghinstallation/v2"
	gh "github.com/google/go-github/v62/github"
)

// DefaultBaseURL is GitHub.com's REST endpoint.
const DefaultBaseURL = "https://api.github.com/"

// Config says where GitHub is and how to authenticate. Set exactly one of
// Token and App.
type Config struct {
	// BaseURL is the REST root: GITHUB_API_URL in Actions, e.g.
	// https://ghes.example.com/api/v3 for GitHub Enterprise Server, or a
	// fake's URL in tests. Empty means DefaultBaseURL.
	BaseURL string
	// Token is a GITHUB_TOKEN or other bearer token.
	Token string
	// App authenticates as a GitHub App installation instead of a token.
	App *AppAuth
	// Transport carries the requests; nil means http.DefaultTransport.
	Transport http.RoundTripper
	// Retry bounds retries of transient failures; the zero value gets
	// DefaultRetryPolicy's numbers.
	Retry RetryPolicy
	// Timeouts bound each request and the client's whole life; the zero
	// value gets DefaultRequestTimeout and DefaultDeadline.
	Timeouts Timeouts
	// UserAgent overrides go-github's default User-Agent.
	UserAgent string
}

// AppAuth is a GitHub App's identity and the installation to act as.
type AppAuth struct {
	AppID          int64
	InstallationID int64
	// PrivateKeyPEM is the app's RSA private key as GitHub issues it.
	PrivateKeyPEM []byte
}

// ConfigFromEnv reads GITHUB_API_URL and GITHUB_TOKEN through getenv (pass
// os.Getenv). App credentials come from action inputs, so the caller sets
// App itself.
func ConfigFromEnv(getenv func(string) string) Config {
	return Config{BaseURL: getenv("GITHUB_API_URL"), Token: getenv("GITHUB_TOKEN")}
}

// Adapter implements Client over go-github.
type Adapter struct {
	gh *gh.Client
	// retry paces the adapter's own retries of creates whose answer was
	// lost (applyOnce).
	retry RetryPolicy
	// appID is the GitHub App the adapter authenticates as, 0 for a token.
	appID int64
	// storage fetches what the API redirects to outside itself (an
	// artifact's archive): without the API's credentials.
	storage *http.Client
	// self caches Self, asked for at most once per adapter.
	selfMu sync.Mutex
	self   *Self
}

var _ Client = (*Adapter)(nil)

// NewAdapter builds an Adapter from cfg.
func NewAdapter(cfg Config) (*Adapter, error) {
	base, err := normaliseBaseURL(cfg.BaseURL)
	if err != nil {
		return nil, err
	}
	retrying := newRetryTransport(transportOrDefault(cfg.Transport), cfg.Retry, cfg.Timeouts)
	client, err := authenticatedClient(cfg, base, retrying)
	if err != nil {
		return nil, err
	}
	client.BaseURL = base
	if cfg.UserAgent != "" {
		client.UserAgent = cfg.UserAgent
	}
	a := &Adapter{gh: client, retry: retrying.policy, storage: &http.Client{Transport: newRetryTransport(transportOrDefault(cfg.Transport), cfg.Retry, cfg.Timeouts)}}
	if cfg.App != nil {
		a.appID = cfg.App.AppID
	}
	return a, nil
}

// authenticatedClient layers authentication above the retrying transport so
// that every attempt, including an app's token exchange, is retried alone.
func authenticatedClient(cfg Config, base *url.URL, rt http.RoundTripper) (*gh.Client, error) {
	switch {
	case cfg.App != nil && cfg.Token != "":
		return nil, errors.New("github: configure a token or a GitHub App, not both")
	case cfg.App != nil:
		return appClient(*cfg.App, base, rt)
	case cfg.Token != "":
		return gh.NewClient(&http.Client{Transport: rt}).WithAuthToken(cfg.Token), nil
	}
	return nil, errors.New("github: no credentials: set a token (GITHUB_TOKEN) or a GitHub App id, installation id and private key")
}

func appClient(app AppAuth, base *url.URL, rt http.RoundTripper) (*gh.Client, error) {
	if app.AppID == 0 || app.InstallationID == 0 || len(app.PrivateKeyPEM) == 0 {
		return nil, errors.New("github: a GitHub App needs an app id, an installation id and a private key")
	}
	itr, err := ghinstallation.New(rt, app.AppID, app.InstallationID, app.PrivateKeyPEM)
	if err != nil {
		return nil, fmt.Errorf("github: app %d installation %d: %w", app.AppID, app.InstallationID, err)
	}
	// ghinstallation asks for tokens at BaseURL + /app/installations/…, so it
	// must point at the same API root (GHES, or the fake in tests).
	itr.BaseURL = strings.TrimRight(base.String(), "/")
	// Without options ghinstallation posts the body "null", which GitHub
	// tolerates but its description does not allow; ask for the
	// installation's full permissions explicitly with {}.
	itr.InstallationTokenOptions = &gh.InstallationTokenOptions{}
	return gh.NewClient(&http.Client{Transport: itr}), nil
}

// normaliseBaseURL parses raw and gives it the trailing slash go-github
// requires; no /api/v3 is guessed, since GITHUB_API_URL already has it.
func normaliseBaseURL(raw string) (*url.URL, error) {
	if raw == "" {
		raw = DefaultBaseURL
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return nil, fmt.Errorf("github: base URL %q: want an absolute URL such as %s", raw, DefaultBaseURL)
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	return u, nil
}

func transportOrDefault(rt http.RoundTripper) http.RoundTripper {
	if rt == nil {
		return http.DefaultTransport
	}
	return rt
}

// apiError wraps err from a call described by what, marking 404 as
// ErrNotFound so callers can test for it with errors.Is.
func apiError(what string, resp *gh.Response, err error) error {
	if resp != nil && resp.StatusCode == http.StatusNotFound {
		return fmt.Errorf("%s: %w: %w", what, ErrNotFound, err)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// apiErrorOrNil is apiError for a call that may have succeeded.
func apiErrorOrNil(what string, resp *gh.Response, err error) error {
	if err == nil {
		return nil
	}
	return apiError(what, resp, err)
}

func isNotFound(resp *gh.Response) bool {
	return resp != nil && resp.StatusCode == http.StatusNotFound
}
