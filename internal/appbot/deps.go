package appbot

import (
	"context"
	"log/slog"
	"time"

	"github.com/storygate/storygate/internal/bot"
	"github.com/storygate/storygate/internal/github"
)

// Deps are the handler's collaborators. Every field is required unless its
// comment says otherwise.
type Deps struct {
	// AppID is the App's id and AppSlug its slug: the App posts as
	// <slug>[bot] via app AppID, the only identity whose receipts count.
	AppID   int64
	AppSlug string
	// Installations gives a client, and a token for git, per installation
	// (NewInstallations over the App's key).
	Installations Installations
	// Checkouts clones a repository at the commits a delivery needs
	// (GitCheckouts).
	Checkouts Checkouts
	// Now is the clock; Sleep waits for the rate limiter (and stops when
	// ctx ends). nil means time.Now and a real wait.
	Now   func() time.Time
	Sleep func(ctx context.Context, d time.Duration) error
	// Log receives one line per delivery and the bot's progress; nil
	// discards.
	Log *slog.Logger
	// Metrics observes decision latency; nil observes nothing. (GitHub
	// calls are observed by Installations' transport.)
	Metrics Metrics
	// Limit is the per-installation rate limit; the zero value is
	// DefaultLimit.
	Limit Limit
	// GateWorkflow is the gate's workflow file in each repository; empty
	// means storygate.yml, as the Action's gate-workflow input.
	GateWorkflow string
	// ServerURL is GitHub's web root (https://github.com, or a GitHub
	// Enterprise Server's), for run links; empty means https://github.com.
	ServerURL string
	// Version is storygate's version, recorded in what it writes.
	Version string
}

// Client is what the handlers ask of GitHub through one installation: the
// Action's client plus the claims.
type Client interface {
	bot.Client
	github.Claims
	github.Contents
	github.Artifacts
}

// Installations gives access to the App's installations.
type Installations interface {
	// Client returns a client acting as the installation.
	Client(installationID int64) (Client, error)
	// Token returns an installation token, for git: it reaches git only
	// through GIT_CONFIG_* variables (Checkouts), never a command line.
	Token(ctx context.Context, installationID int64) (string, error)
}

// Checkouts clones repositories.
type Checkouts interface {
	// Checkout clones repo into dir (an empty directory the handler
	// made and removes) with token: its work tree at branch, with every
	// commit in commits fetched too.
	Checkout(ctx context.Context, c Checkout) error
}

// Checkout is one clone Checkouts makes.
type Checkout struct {
	Repo  github.Repo
	Token string
	// Branch is checked out (detached) in Dir's work tree.
	Branch string
	// Commits are fetched by SHA, with their history; Optional ones too
	// when the server has them (commits a document names, which may be
	// made up).
	Commits, Optional []string
	Dir               string
}

// Metrics are the observations the server exports (Prometheus at
// /metrics); the server side implements them.
type Metrics interface {
	// ObserveGitHubCall counts one request to GitHub: its method, the
	// status answered (0: none) and the rate limit left (-1: not said).
	ObserveGitHubCall(method string, status, remaining int)
	// ObserveDecisionLatency is how long a delivery of event took from
	// its receipt to its result on GitHub (a receipt, a reply, a dispatch).
	ObserveDecisionLatency(event string, d time.Duration)
}

// noMetrics observes nothing.
type noMetrics struct{}

func (noMetrics) ObserveGitHubCall(string, int, int)           {}
func (noMetrics) ObserveDecisionLatency(string, time.Duration) {}

// withDefaults fills the optional fields.
func (d Deps) withDefaults() Deps {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Sleep == nil {
		d.Sleep = sleep
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.Metrics == nil {
		d.Metrics = noMetrics{}
	}
	if d.Limit == (Limit{}) {
		d.Limit = DefaultLimit
	}
	if d.GateWorkflow == "" {
		d.GateWorkflow = "storygate.yml"
	}
	if d.ServerURL == "" {
		d.ServerURL = "https://github.com"
	}
	return d
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
