package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/reverify"
)

// reverify reruns the verification of every accepted and done story in
// the checkout (the default branch), files or closes drift issues when a
// token is available, writes the job summary, and fails on drift.
func (a *actionRun) reverify(ctx context.Context) (Outcome, error) {
	opts := reverify.Options{Root: a.root, Config: a.cfg, Environ: a.deps.Env.Environ(), RunURL: a.runURL()}
	if repo, err := github.ParseRepo(a.getenv("GITHUB_REPOSITORY")); err == nil {
		opts.Repo = repo
		gh, err := a.deps.GitHub.NewClient(0, a.githubTimeouts())
		if err != nil && !errors.Is(err, ErrNoCredentials) {
			return Passed, a.usage(err)
		}
		if err == nil {
			opts.Issues = gh
		}
	}
	summary, closeSummary := a.stepSummary()
	defer closeSummary()
	opts.Summary = summary
	rep, err := reverify.Run(ctx, opts)
	if err != nil {
		return Passed, a.fail(err)
	}
	fmt.Fprintf(a.e.stderr, "storygate action: re-verified %d stories, %d drifted\n", len(rep.Stories), rep.Drifted())
	if rep.Drifted() > 0 {
		return Failed, nil
	}
	return Passed, nil
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
