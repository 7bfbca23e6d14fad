package cli

import (
	"context"
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
func (a *actionRun) reverify() int {
	opts := reverify.Options{Root: a.root, Config: a.cfg, Environ: os.Environ(), RunURL: runURL()}
	if repo, err := github.ParseRepo(getenv("GITHUB_REPOSITORY")); err == nil {
		opts.Repo = repo
		cfg, hasCreds, err := githubConfig(0)
		if err != nil {
			return a.usage(err)
		}
		if hasCreds {
			if opts.Issues, err = github.NewAdapter(cfg); err != nil {
				return a.usage(err)
			}
		}
	}
	summary, closeSummary := stepSummary()
	defer closeSummary()
	opts.Summary = summary
	rep, err := reverify.Run(context.Background(), opts)
	if err != nil {
		return a.fail(err)
	}
	fmt.Fprintf(a.e.stderr, "storygate action: re-verified %d stories, %d drifted\n", len(rep.Stories), rep.Drifted())
	if rep.Drifted() > 0 {
		return ExitFindings
	}
	return ExitOK
}

// stepSummary opens GITHUB_STEP_SUMMARY for appending, or discards.
func stepSummary() (io.Writer, func()) {
	path := getenv("GITHUB_STEP_SUMMARY")
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
