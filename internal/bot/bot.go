// Package bot is storygate's GitHub Action: it turns a webhook event into a
// gate run, a slash command, a re-verification or a publication of results.
// Its handlers reach the world only through Deps, so a test swaps any of it
// for a fake and the command line (internal/cli) builds the real ones.
package bot

import (
	"context"
	"errors"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate/collect"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/hitl"
	"github.com/storygate/storygate/internal/publish"
	"github.com/storygate/storygate/internal/target"
)

// Deps are the bot's collaborators. Every field is required unless its
// comment says otherwise.
type Deps struct {
	// Env is the runner's environment: GITHUB_*, RUNNER_* and INPUT_*.
	Env Env
	// GitHub builds API clients for an installation.
	GitHub ClientFactory
	// Config, when set, loads the configuration in place of the
	// base-policy rule of target.Open; nil (the command line) is that
	// rule. Tests of the handlers set a loader of the work tree's file.
	Config target.PolicyLoader
	// Revert runs the revert check inside the gate; nil fails governed
	// edits closed.
	Revert collect.RevertFunc
	// Now is the clock for the log rows slash commands write; nil means
	// time.Now.
	Now func() time.Time
	// Stdout receives workflow commands and reports, Stderr progress.
	Stdout, Stderr io.Writer
	// Version is storygate's version, recorded in results documents.
	Version string
	// LookPath finds the sandbox's tools (bwrap, prlimit, setpriv); nil
	// is exec.LookPath. A test stands for a runner without bubblewrap
	// with one that finds nothing.
	LookPath func(file string) (string, error)
	// Recorder, when set, is storygate's identity on GitHub in place of
	// every policy's approvers.recorder and recorder_app_id: storygate as
	// a GitHub App (internal/appbot) pins its own App, so that receipts a
	// workflow's GITHUB_TOKEN posts never count, whatever the repository's
	// file says. The zero value leaves the policy's.
	Recorder chatops.Recorder
}

// Env reads the environment the bot runs in.
type Env interface {
	// Getenv returns the variable's value, empty when unset.
	Getenv(key string) string
	// Environ returns the whole environment as KEY=value pairs; the gate
	// strips secrets from it before any command starts.
	Environ() []string
}

// OSEnv is the process environment.
type OSEnv struct{}

// Getenv reads one variable.
func (OSEnv) Getenv(key string) string { return os.Getenv(key) }

// Environ returns every variable.
func (OSEnv) Environ() []string { return os.Environ() }

// EnvSnapshot is the environment as it was when taken: the bot reads its
// token, inputs and command files from it after storygate has removed them
// from its own process environment (sandbox.ProtectSelf), where a command
// from the pull request could read them through /proc.
type EnvSnapshot struct {
	vars    map[string]string
	environ []string
}

// TakeEnv snapshots the process environment.
func TakeEnv() EnvSnapshot {
	environ := os.Environ()
	vars := make(map[string]string, len(environ))
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			vars[k] = v
		}
	}
	return EnvSnapshot{vars: vars, environ: environ}
}

// Getenv reads one variable of the snapshot.
func (e EnvSnapshot) Getenv(key string) string { return e.vars[key] }

// Environ returns the snapshot's variables; the gate strips secrets from
// them before any command starts.
func (e EnvSnapshot) Environ() []string { return slices.Clone(e.environ) }

// Client is everything the bot asks of GitHub.
type Client interface {
	publish.GitHub
	chatops.Client
	hitl.Client
	github.Issues
	github.Workflows
	// PullRequest reads one pull request.
	PullRequest(ctx context.Context, repo github.Repo, number int) (github.PullRequest, error)
}

// ErrNoCredentials is returned by a ClientFactory when the run has neither
// a token nor a GitHub App to call GitHub with.
var ErrNoCredentials = errors.New("no token (GITHUB_TOKEN or the token input) and no GitHub App")

// ClientFactory builds a GitHub client for an installation (0 when the
// event names none).
type ClientFactory interface {
	// NewClient returns a client bounded by timeouts (the configuration's
	// github section; zero fields take the defaults), or an error wrapping
	// ErrNoCredentials.
	NewClient(installationID int64, timeouts github.Timeouts) (Client, error)
}

// Outcome is what a handled event concluded; errors are returned apart.
type Outcome int

// The outcomes.
const (
	// Passed means nothing was found at error severity.
	Passed Outcome = iota
	// Failed means a gate failed or a re-verified story drifted.
	Failed
)

// ErrUsage marks errors the user fixes: flags, inputs, the event, the
// checkout, a refused results document.
var ErrUsage = errors.New("usage")

// usageError wraps err as a usage error, keeping its message.
type usageError struct{ err error }

// Error is the wrapped error's message.
func (u usageError) Error() string { return u.err.Error() }

// Unwrap makes errors.Is find both the cause and ErrUsage.
func (u usageError) Unwrap() []error { return []error{u.err, ErrUsage} }

func usage(err error) error { return usageError{err} }

// Bot handles events with its dependencies.
type Bot struct {
	deps Deps
	e    env
}

// env is where the bot writes: workflow commands and reports to stdout,
// progress to stderr.
type env struct{ stdout, stderr io.Writer }

// New returns a bot that works through d.
func New(d Deps) *Bot { return &Bot{deps: d, e: env{stdout: d.Stdout, stderr: d.Stderr}} }

func (b *Bot) getenv(key string) string { return b.deps.Env.Getenv(key) }

// policyOf is t's policy with storygate's identity pinned when Deps
// names one (Recorder): a copy, so the target's own answer is unchanged.
func (b *Bot) policyOf(t *target.Target) *config.Config {
	cfg := t.Policy()
	if b.deps.Recorder.Login == "" || cfg == nil {
		return cfg
	}
	pinned := *cfg
	pinned.Approvers.Recorder, pinned.Approvers.RecorderAppID = b.deps.Recorder.Login, b.deps.Recorder.AppID
	return &pinned
}
