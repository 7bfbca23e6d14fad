package appbot

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/bradleyfalzon/ghinstallation/v2"
	gh "github.com/google/go-github/v62/github"

	"github.com/storygate/storygate/internal/github"
)

// AppInstallations is the real Installations: the App's key, exchanged
// through ghinstallation for installation tokens, each client an
// internal/github adapter with the Action's retry rules and timeouts.
type AppInstallations struct {
	// BaseURL is GitHub's REST root (GITHUB_API_URL); empty is api.github.com.
	BaseURL string
	AppID   int64
	// PrivateKeyPEM is the App's key; it goes nowhere but ghinstallation.
	PrivateKeyPEM []byte
	// Transport carries the requests; nil is http.DefaultTransport.
	Transport http.RoundTripper
	// Retry and Timeouts are the Action's (github.RetryPolicy, Timeouts);
	// zero values are the defaults.
	Retry    github.RetryPolicy
	Timeouts github.Timeouts
	// Metrics observes every call; nil observes nothing.
	Metrics Metrics
	// Version goes into the User-Agent.
	Version string

	mu     sync.Mutex
	tokens map[int64]*ghinstallation.Transport
}

// Client returns an adapter acting as the installation.
func (a *AppInstallations) Client(installationID int64) (Client, error) {
	cfg := github.Config{BaseURL: a.BaseURL, Transport: a.transport(), Retry: a.Retry, Timeouts: a.Timeouts, UserAgent: "storygate/" + a.Version,
		App: &github.AppAuth{AppID: a.AppID, InstallationID: installationID, PrivateKeyPEM: a.PrivateKeyPEM}}
	adapter, err := github.NewAdapter(cfg)
	if err != nil {
		return nil, err
	}
	return adapter, nil
}

// Token returns a token of the installation for git; ghinstallation keeps
// it until shortly before it expires, so one exchange serves many clones.
func (a *AppInstallations) Token(ctx context.Context, installationID int64) (string, error) {
	a.mu.Lock()
	if a.tokens == nil {
		a.tokens = map[int64]*ghinstallation.Transport{}
	}
	itr, ok := a.tokens[installationID]
	if !ok {
		var err error
		if itr, err = ghinstallation.New(a.transport(), a.AppID, installationID, a.PrivateKeyPEM); err != nil {
			a.mu.Unlock()
			return "", fmt.Errorf("app %d installation %d: %w", a.AppID, installationID, err)
		}
		itr.BaseURL = strings.TrimRight(orDefault(a.BaseURL, github.DefaultBaseURL), "/")
		itr.InstallationTokenOptions = &gh.InstallationTokenOptions{}
		a.tokens[installationID] = itr
	}
	a.mu.Unlock()
	return itr.Token(ctx)
}

func (a *AppInstallations) transport() http.RoundTripper {
	rt := a.Transport
	if rt == nil {
		rt = http.DefaultTransport
	}
	if a.Metrics == nil {
		return rt
	}
	return observed{next: rt, m: a.Metrics}
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// observed reports each request's method, status and rate-limit headroom.
type observed struct {
	next http.RoundTripper
	m    Metrics
}

// RoundTrip sends req and observes its answer.
func (o observed) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := o.next.RoundTrip(req)
	status, remaining := 0, -1
	if resp != nil {
		status = resp.StatusCode
		if n, perr := strconv.Atoi(resp.Header.Get("X-RateLimit-Remaining")); perr == nil {
			remaining = n
		}
	}
	o.m.ObserveGitHubCall(req.Method, status, remaining)
	return resp, err
}
