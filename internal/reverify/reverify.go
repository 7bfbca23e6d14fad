// Package reverify is the scheduled re-verification: it reruns the
// verification of every accepted and done story on the default branch, so
// work that passed once and has since drifted (a dependency, a flaky
// environment, a later change) is noticed. Each drifted story gets one
// issue, found again by a hidden marker, updated while it drifts and closed
// when it passes again.
package reverify

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/verify"
)

// Options configures one re-verification run.
type Options struct {
	// Root is the checkout of the default branch.
	Root   string
	Config *config.Config
	Repo   github.Repo
	// Issues files and closes drift issues; nil only reports.
	Issues github.Issues
	// Environ is the environment commands start from; secrets are removed.
	Environ []string
	// Summary receives the Markdown job summary; nil writes none.
	Summary io.Writer
	// RunURL links the workflow run from the issues.
	RunURL string
}

// Story is the outcome for one accepted or done story.
type Story struct {
	Path, ID, State string
	Results         []verify.Result
	// Findings are the reruns' errors: failures, timeouts, claims the
	// rerun contradicts.
	Findings []diag.Diagnostic
	// Issue is the drift issue's number (0: none); IssueAction what was
	// done with it: created, updated, reopened, closed or unchanged.
	Issue       int
	IssueAction string
	items       []verify.Item
}

// Drifted reports whether the story no longer passes its verification.
func (s Story) Drifted() bool { return len(s.Findings) > 0 }

// Report is the outcome of a run.
type Report struct{ Stories []Story }

// Drifted counts the drifted stories; the run fails when it is not zero.
func (r Report) Drifted() int {
	n := 0
	for _, s := range r.Stories {
		if s.Drifted() {
			n++
		}
	}
	return n
}

// Run reruns, files or closes the issues, and writes the summary.
func Run(ctx context.Context, opts Options) (Report, error) {
	stories, err := finished(opts)
	if err != nil {
		return Report{}, err
	}
	rerun(ctx, opts, stories)
	rep := Report{Stories: stories}
	if opts.Issues != nil {
		if err := syncIssues(ctx, opts, rep.Stories); err != nil {
			return rep, err
		}
	}
	if opts.Summary != nil {
		if _, err := io.WriteString(opts.Summary, Summary(rep)); err != nil {
			return rep, fmt.Errorf("write the job summary: %w", err)
		}
	}
	return rep, nil
}

// finished parses the configured stories and keeps the accepted and done ones.
func finished(opts Options) ([]Story, error) {
	paths, err := lint.FindStories(opts.Root, nil, opts.Config.Stories)
	if err != nil {
		return nil, fmt.Errorf("re-verify: find stories: %w", err)
	}
	var out []Story
	for _, p := range paths {
		src, err := safefile.ReadFile(opts.Root, filepath.Join(opts.Root, filepath.FromSlash(p)), story.MaxFileSize)
		if err != nil {
			return nil, fmt.Errorf("re-verify: %w", err)
		}
		s := story.Parse(p, src)
		if s.Front == nil || (s.Front.CurrentState() != lifecycle.Accepted && s.Front.CurrentState() != lifecycle.Done) {
			continue
		}
		out = append(out, Story{Path: p, ID: idOf(s), State: s.Front.State.Value, items: verify.ItemsOf(s)})
	}
	return out, nil
}

func idOf(s *story.Story) string {
	if s.Front.ID.Value != "" {
		return s.Front.ID.Value
	}
	return s.Path
}

// rerun runs every story's items in one batch and files the results back.
func rerun(ctx context.Context, opts Options, stories []Story) {
	var items []verify.Item
	for _, s := range stories {
		items = append(items, s.items...)
	}
	cfg := opts.Config.Verify
	results := verify.Execute(ctx, items, verify.Options{Dir: opts.Root, Jobs: cfg.Jobs, Timeout: cfg.Timeout,
		Env: verify.CleanEnv(opts.Environ, cfg.SecretEnv)})
	for si := range stories {
		s := &stories[si]
		s.Results, results = results[:len(s.items)], results[len(s.items):]
		for _, r := range s.Results {
			s.Findings = append(s.Findings, errorsOf(verify.Findings(r))...)
		}
	}
}

func errorsOf(ds []diag.Diagnostic) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, d := range ds {
		if d.Severity == diag.SeverityError {
			out = append(out, d)
		}
	}
	return out
}
