package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/publish"
	"github.com/storygate/storygate/internal/reverify"
	"github.com/storygate/storygate/internal/rundir"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/verify"
)

// reverify is the unprivileged phase of the re-verification: it reruns
// the verification of every accepted and done story in the checkout (the
// default branch) in the sandbox, writes the results document for the
// privileged phase (reverifyPublish) and the job summary, and fails on
// drift. With report-only other than true and a token, it files the
// drift issues itself, as a one-job workflow does.
func (a *actionRun) reverify(ctx context.Context) (Outcome, error) {
	policy := verify.SandboxPolicy(a.cfg.Verify, a.deps.Env.Environ())
	policy.LookPath = a.deps.LookPath
	opts := reverify.Options{Target: a.t, Environ: a.deps.Env.Environ(), RunURL: a.runURL(), Sandbox: sandbox.New(ctx, policy)}
	if a.f.ReportOnly != "true" {
		if err := a.driftIssues(ctx, &opts); err != nil {
			return Passed, a.usage(err)
		}
	}
	rep, err := reverify.Rerun(ctx, opts)
	if err != nil {
		return Passed, a.fail(err)
	}
	if len(rep.Stories) > 0 {
		a.warnIsolation(rep.Sandbox.Isolated, rep.Sandbox.Summary())
	}
	path := a.f.Results
	if path == "" {
		dir, err := rundir.For(a.getenv("RUNNER_TEMP"), "storygate-results")
		if err != nil {
			return Passed, a.fail(err)
		}
		path = filepath.Join(dir, "reverify.json")
	}
	if err := reverify.NewDocument(rep, a.reverifyBinding()).WriteFile(path); err != nil {
		return Passed, a.fail(err)
	}
	a.announceResults(path)
	fmt.Fprintf(a.e.stderr, "storygate action: re-verification results written to %s\n", path)
	return a.publishDrift(ctx, opts, rep)
}

// reverifyPublish is the privileged phase: it reads the unprivileged
// phase's document (bound to this workflow run), files or closes the drift
// issues and writes the job summary. It needs no checkout and runs nothing.
func (a *actionRun) reverifyPublish(ctx context.Context) (Outcome, error) {
	if a.f.Results == "" {
		return Passed, a.usage(errors.New("reverify: publish needs the results input: the unprivileged phase's document"))
	}
	doc, err := reverify.ReadDocument(a.f.Results, a.reverifyBinding())
	if err != nil {
		return Passed, a.usage(err)
	}
	opts := reverify.Options{RunURL: a.runURL()}
	if err := a.driftIssues(ctx, &opts); err != nil {
		return Passed, a.usage(err)
	}
	if opts.Issues == nil {
		return Passed, a.usage(errors.New("reverify: publish needs a token or GitHub App that may write issues"))
	}
	return a.publishDrift(ctx, opts, doc.Report())
}

// driftIssues sets the repository and the issues client, when there are
// credentials: the App's, when the policy pins storygate to one, since
// the drift issues it finds as its own are those its account opened.
func (a *actionRun) driftIssues(ctx context.Context, opts *reverify.Options) error {
	repo, err := github.ParseRepo(a.getenv("GITHUB_REPOSITORY"))
	if err != nil {
		return nil
	}
	opts.Repo = repo
	gh, err := a.deps.GitHub.NewClient(0, a.githubTimeouts())
	if err != nil && !errors.Is(err, ErrNoCredentials) {
		return err
	}
	if err != nil {
		return nil
	}
	if _, err := publish.PinnedToApp(ctx, gh, a.approvers()); err != nil {
		return fmt.Errorf("reverify: %w", err)
	}
	opts.Issues = gh
	return nil
}

// publishDrift files the issues (when opts.Issues is set), writes the
// summary and fails the job on drift.
func (a *actionRun) publishDrift(ctx context.Context, opts reverify.Options, rep reverify.Report) (Outcome, error) {
	summary, closeSummary := a.stepSummary()
	defer closeSummary()
	opts.Summary = summary
	if err := reverify.Publish(ctx, opts, &rep); err != nil {
		return Passed, a.fail(err)
	}
	fmt.Fprintf(a.e.stderr, "storygate action: re-verified %d stories, %d drifted\n", len(rep.Stories), rep.Drifted())
	if rep.Drifted() > 0 {
		return Failed, nil
	}
	return Passed, nil
}

// reverifyBinding is this workflow run, which both phases share.
func (a *actionRun) reverifyBinding() reverify.Binding {
	return reverify.Binding{Repository: a.getenv("GITHUB_REPOSITORY"), ID: a.workflowRun().ID, Commit: a.getenv("GITHUB_SHA")}
}

// stepSummary opens GITHUB_STEP_SUMMARY for appending, or discards.
func (b *Bot) stepSummary() (io.Writer, func()) {
	path := b.getenv("GITHUB_STEP_SUMMARY")
	if path == "" {
		return io.Discard, func() {}
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return io.Discard, func() {}
	}
	return f, func() { _ = f.Close() }
}

func truthy(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "1", "yes":
		return true
	}
	return false
}
