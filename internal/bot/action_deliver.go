package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/sethvargo/go-githubactions"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/publish"
	"github.com/storygate/storygate/internal/report"
)

// deliver shows the written results: the Markdown report, the job summary,
// then check runs and the comment, or, in report-only mode, workflow
// command annotations. An error has been reported already.
func (a *actionRun) deliver(ctx context.Context, res *gate.Results, resultsPath string) error {
	if err := a.writeMarkdown(res); err != nil {
		return a.fail(err)
	}
	if err := a.writeStepSummary(res, a.approvers()); err != nil {
		return a.fail(err)
	}
	reportOnly, gh, err := a.decideReportOnly()
	if err != nil {
		return a.usage(err)
	}
	if !reportOnly {
		reportOnly, err = a.publish(ctx, gh, res)
		if err != nil {
			return a.fail(err)
		}
	}
	if reportOnly && a.plan.event.Name != "local" {
		if err := publish.Annotate(a.e.stdout, res); err != nil {
			return a.fail(err)
		}
	}
	a.setOutputs(res, resultsPath)
	fmt.Fprintf(a.e.stderr, "storygate action: %s (errors: %d, warnings: %d, notices: %d)\n", res.Conclusion, res.Counts.Errors, res.Counts.Warnings, res.Counts.Notices)
	return nil
}

// publish posts to GitHub; a 403 (a read-only token) falls back to
// report-only with a warning rather than failing the gate, and so, unless
// report-only is false, do credentials that are not the App the policy
// pins storygate to (a gate job's GITHUB_TOKEN where the App publishes).
func (a *actionRun) publish(ctx context.Context, gh publish.GitHub, res *gate.Results) (reportOnly bool, err error) {
	t := publish.Target{Repo: a.plan.repo, HeadSHA: a.plan.head, PullRequest: a.plan.pr, DetailsURL: a.plan.event.RunURL, Approvers: a.approvers(), Root: a.place, Run: a.workflowRun()}
	out, err := publish.ToGitHub(ctx, gh, res, t)
	if github.IsForbidden(err) {
		fmt.Fprintf(a.e.stdout, "::warning title=storygate::the token may not write check runs or comments (%s); reporting with annotations instead\n", escapeCommand(err.Error()))
		return true, nil
	}
	if errors.Is(err, github.ErrNotTheApp) && a.f.ReportOnly != "false" {
		fmt.Fprintf(a.e.stdout, "::warning title=storygate::%s; reporting with annotations instead\n", escapeCommand(err.Error()))
		return true, nil
	}
	if err != nil {
		return false, err
	}
	fmt.Fprintf(a.e.stderr, "storygate action: published %d check runs; comment %s\n", len(out.CheckRuns), orNone(string(out.Comment)))
	noteSuperseded(a.e.stderr, "storygate action", out, t)
	return false, nil
}

// noteSuperseded says so when the run was stale: its check runs are on its
// own commit, marked superseded, and the pull request's comment is the
// newer head's.
func noteSuperseded(w io.Writer, who string, out publish.Outcome, t publish.Target) {
	if out.SupersededBy != "" {
		fmt.Fprintf(w, "%s: superseded: #%d is at %s now, not at %s; the check runs on %s say so and the comment was left to the newer head's run\n",
			who, t.PullRequest, shortSHA(out.SupersededBy), shortSHA(t.HeadSHA), shortSHA(t.HeadSHA))
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// decideReportOnly applies the report-only setting: true never writes,
// false always does, auto writes when there are credentials and the
// change is not from a fork (whose GITHUB_TOKEN is read-only).
func (a *actionRun) decideReportOnly() (bool, publish.GitHub, error) {
	mode := a.f.ReportOnly
	if mode == "true" || a.plan.event.Name == "local" {
		return true, nil, nil
	}
	gh, err := a.deps.GitHub.NewClient(a.plan.installationID, a.githubTimeouts())
	hasCreds := !errors.Is(err, ErrNoCredentials)
	if err != nil && hasCreds {
		return false, nil, err
	}
	if !hasCreds || (mode != "false" && a.plan.fork) {
		if mode == "false" {
			return false, nil, errors.New("report-only is false but there is no token or GitHub App to write with")
		}
		return true, nil, nil
	}
	return false, gh, nil
}

// Credentials is the real ClientFactory: it reads a GitHub App (app-id,
// private-key, installation-id inputs) or a token (token input, else
// GITHUB_TOKEN) from Env.
type Credentials struct {
	Env Env
	// Version goes into the User-Agent.
	Version string
	// Timeouts, where set (the command line's --github-request-timeout
	// and --github-deadline), override the configuration's.
	Timeouts github.Timeouts
	// Retry paces retries and the looks for a write whose answer was lost;
	// its zero value is github.DefaultRetryPolicy. Tests inject a Sleep
	// that does not wait.
	Retry github.RetryPolicy
}

// NewClient builds an adapter with the credentials the environment holds.
func (c Credentials) NewClient(installationID int64, timeouts github.Timeouts) (Client, error) {
	cfg, hasCreds, err := c.githubConfig(installationID)
	if err != nil {
		return nil, err
	}
	cfg.Timeouts, cfg.Retry = timeouts, c.Retry
	if c.Timeouts.Request > 0 {
		cfg.Timeouts.Request = c.Timeouts.Request
	}
	if c.Timeouts.Deadline > 0 {
		cfg.Timeouts.Deadline = c.Timeouts.Deadline
	}
	if !hasCreds {
		return nil, ErrNoCredentials
	}
	gh, err := github.NewAdapter(cfg)
	if err != nil {
		return nil, err
	}
	return gh, nil
}

// githubTimeouts are the configuration's bounds on waiting for GitHub.
func (a *actionRun) githubTimeouts() github.Timeouts { return timeoutsOf(a.cfg) }

// timeoutsOf are the GitHub timeouts a policy sets; the defaults without one.
func timeoutsOf(cfg *config.Config) github.Timeouts {
	if cfg == nil {
		return github.Timeouts{}
	}
	return github.Timeouts{Request: cfg.GitHub.RequestTimeout, Deadline: cfg.GitHub.Deadline}
}

// githubConfig reads the credentials: a GitHub App (app-id, private-key,
// installation-id inputs) or a token (token input, else GITHUB_TOKEN).
func (c Credentials) githubConfig(installationID int64) (github.Config, bool, error) {
	getenv := c.Env.Getenv
	cfg := github.Config{BaseURL: getenv("GITHUB_API_URL"), UserAgent: "storygate/" + c.Version}
	if appID := strings.TrimSpace(getenv("INPUT_APP-ID")); appID != "" {
		app, err := c.appAuth(appID, installationID)
		cfg.App = app
		return cfg, err == nil, err
	}
	cfg.Token = strings.TrimSpace(getenv("INPUT_TOKEN"))
	if cfg.Token == "" {
		cfg.Token = getenv("GITHUB_TOKEN")
	}
	return cfg, cfg.Token != "", nil
}

func (c Credentials) appAuth(appID string, eventInstallation int64) (*github.AppAuth, error) {
	getenv := c.Env.Getenv
	id, err := strconv.ParseInt(appID, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("app-id %q is not a number", appID)
	}
	inst := eventInstallation
	if s := strings.TrimSpace(getenv("INPUT_INSTALLATION-ID")); s != "" {
		if inst, err = strconv.ParseInt(s, 10, 64); err != nil {
			return nil, fmt.Errorf("installation-id %q is not a number", s)
		}
	}
	key := getenv("INPUT_PRIVATE-KEY")
	if inst == 0 || key == "" {
		return nil, errors.New("a GitHub App needs app-id, private-key and installation-id (or an event that names the installation)")
	}
	return &github.AppAuth{AppID: id, InstallationID: inst, PrivateKeyPEM: []byte(key)}, nil
}

// writeMarkdown writes the comment's Markdown where --markdown says; a
// local run prints it by default, so a newcomer sees what a PR would get.
func (a *actionRun) writeMarkdown(res *gate.Results) error {
	dest := a.f.Markdown
	if dest == "" && a.plan.event.Name == "local" {
		dest = "-"
	}
	if dest == "" {
		return nil
	}
	md := report.Markdown(res, report.MarkdownOptions{Approvers: a.approvers(), Pinned: publish.PolicyPinsApp(a.approvers())})
	if dest == "-" {
		_, err := fmt.Fprint(a.e.stdout, md)
		return err
	}
	if err := os.WriteFile(dest, []byte(md), 0o644); err != nil {
		return fmt.Errorf("write Markdown report: %w", err)
	}
	return nil
}

// writeStepSummary appends the report to GITHUB_STEP_SUMMARY when set;
// approvers is the trusted policy the report names.
func (b *Bot) writeStepSummary(res *gate.Results, approvers *config.Approvers) error {
	if path := b.getenv("GITHUB_STEP_SUMMARY"); path != "" {
		return publish.AppendFile(path, publish.Summary(res, approvers))
	}
	return nil
}

// setOutputs sets the action's outputs when GITHUB_OUTPUT is set.
func (b *Bot) setOutputs(res *gate.Results, resultsPath string) {
	if b.getenv("GITHUB_OUTPUT") == "" {
		return
	}
	publish.SetOutputs(githubactions.New(githubactions.WithGetenv(b.getenv)), res, resultsPath)
}

// approvers is the policy the gate run loaded at the base revision, nil
// before it has loaded one.
func (a *actionRun) approvers() *config.Approvers {
	if a.cfg == nil {
		return nil
	}
	return &a.cfg.Approvers
}
