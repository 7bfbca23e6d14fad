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

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/verify"
)

// Options configures one re-verification run.
type Options struct {
	// Target is the checkout of the default branch, with no base: its
	// root, policy and the commit the commands' clone is made at.
	Target *target.Target
	Repo   github.Repo
	// Issues files and closes drift issues; nil only reports.
	Issues github.Issues
	// Environ is the environment commands start from; secrets are removed.
	Environ []string
	// Summary receives the Markdown job summary; nil writes none.
	Summary io.Writer
	// RunURL links the workflow run from the issues.
	RunURL string
	// Sandbox isolates the commands; nil runs them unisolated in the
	// target's root.
	Sandbox *sandbox.Sandbox
}

// Story is the outcome for one accepted or done story.
type Story struct {
	Path    string          `json:"path"`
	ID      string          `json:"id"`
	State   string          `json:"state"`
	Results []verify.Result `json:"results"`
	// Findings are the reruns' errors: failures, timeouts, claims the
	// rerun contradicts. They are judged from Results, never read.
	Findings []diag.Diagnostic `json:"-"`
	// Issue is the drift issue's number (0: none); IssueAction what was
	// done with it: created, updated, reopened, closed or unchanged.
	Issue       int    `json:"-"`
	IssueAction string `json:"-"`
	items       []verify.Item
}

// Drifted reports whether the story no longer passes its verification.
func (s Story) Drifted() bool { return len(s.Findings) > 0 }

// Report is the outcome of a run.
type Report struct {
	Stories []Story
	// Sandbox says how the commands were isolated.
	Sandbox sandbox.Report
}

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

// Run is both phases in one process: Rerun, then Publish. The shipped
// workflow runs them in two jobs instead (docs/reverify.md), so that the
// commands never run where the issues token is.
func Run(ctx context.Context, opts Options) (Report, error) {
	rep, err := Rerun(ctx, opts)
	if err != nil {
		return rep, err
	}
	return rep, Publish(ctx, opts, &rep)
}

// Rerun is the unprivileged phase: it finds the accepted and done stories
// and reruns their verification, in the sandbox, writing nothing to GitHub.
func Rerun(ctx context.Context, opts Options) (Report, error) {
	stories, err := finished(opts)
	if err != nil {
		return Report{}, err
	}
	sb := rerun(ctx, opts, stories)
	return Report{Stories: stories, Sandbox: sb.Report()}, nil
}

// Publish is the privileged phase: it files, updates, reopens or closes
// the drift issues (when opts.Issues is set) and writes the summary. It
// runs nothing.
func Publish(ctx context.Context, opts Options, rep *Report) error {
	if opts.Issues != nil {
		if err := syncIssues(ctx, opts, rep.Stories); err != nil {
			return err
		}
	}
	if opts.Summary != nil {
		if _, err := io.WriteString(opts.Summary, Summary(*rep)); err != nil {
			return fmt.Errorf("write the job summary: %w", err)
		}
	}
	return nil
}

// finished parses the configured stories and keeps the accepted and done ones.
func finished(opts Options) ([]Story, error) {
	root := opts.Target.Root()
	paths, err := lint.FindStories(root, nil, opts.Target.Policy().Stories)
	if err != nil {
		return nil, fmt.Errorf("re-verify: find stories: %w", err)
	}
	var out []Story
	for _, p := range paths {
		src, err := safefile.ReadFile(root, filepath.Join(root, filepath.FromSlash(p)), story.MaxFileSize)
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

// rerun runs every story's items in one batch and files the results back;
// it returns the isolation the commands had.
func rerun(ctx context.Context, opts Options, stories []Story) *sandbox.Sandbox {
	var items []verify.Item
	for _, s := range stories {
		items = append(items, s.items...)
	}
	cfg := opts.Target.Policy().Verify
	src, sb := opts.Target.Source(), opts.Sandbox
	if src.Commit == "" && sb.Isolated() {
		sb = sb.Without("no commit to clone for it in " + opts.Target.Root())
	}
	results := verify.Execute(ctx, items, verify.Options{Dir: opts.Target.Root(), Jobs: cfg.Jobs, Timeout: cfg.Timeout,
		Env: verify.CleanEnv(opts.Environ, cfg.SecretEnv), Sandbox: sb, Source: src,
		Governed: opts.Target.Policy().Revert.Governed})
	for si := range stories {
		s := &stories[si]
		s.Results, results = results[:len(s.items)], results[len(s.items):]
		s.judge()
	}
	return sb
}

// judge finds the story's errors in its results.
func (s *Story) judge() {
	s.Findings = nil
	for _, r := range s.Results {
		s.Findings = append(s.Findings, errorsOf(verify.Findings(r))...)
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
