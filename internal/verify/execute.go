// Package verify reruns story verification commands and judges them with
// their pass_when predicates (package passwhen).
package verify

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/storygate/storygate/internal/passwhen"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/workdir"
)

// Options configures a batch of reruns.
type Options struct {
	// Dir is the repository root every command runs in.
	Dir string
	// Jobs bounds how many commands run at once; below 1 means 1.
	Jobs int
	// Timeout is the per-item time limit; zero means DefaultTimeout.
	Timeout time.Duration
	// Env is the environment every command gets (already cleaned).
	Env []string
	// TailBytes is how much of each stream to keep; zero means DefaultTailBytes.
	TailBytes int
	// Sandbox isolates every command; nil (or one that cannot start in
	// auto mode) runs them in Dir as they are.
	Sandbox *sandbox.Sandbox
	// Source is the repository, the root's place in it and the commit
	// under review, as the run's target found them: in the sandbox the
	// commands run in one fresh clone of it at that commit, in the root's
	// place, removed afterwards.
	Source sandbox.Source
	// Governed are the revert check's governed paths (revert.governed,
	// relative to the root): in the sandbox they are read-only in the
	// clone, so that no command edits a governed test to pass its rerun.
	Governed []string
	// Progress hears each item start and finish (nil: nobody listens).
	Progress Progress
}

// Progress hears a batch's items start and finish, each named by its Key;
// it is called from the goroutines that run them (progress.Reporter).
type Progress interface {
	Start(item string)
	Done(item string, ok bool, outcome string)
}

// outcomeOf says how an item ended, in a word or two, for Progress.
func outcomeOf(r Result) string {
	switch r.Verdict {
	case VerdictPass:
		return "passed"
	case VerdictFail:
		return fmt.Sprintf("failed (exit %d)", r.ExitCode)
	case VerdictTimeout:
		return "timed out"
	}
	return "could not run"
}

// Execute reruns items, up to opt.Jobs at a time, and judges each with its
// pass_when. Results come back in the order of items, whatever order the
// runs finished in.
func Execute(ctx context.Context, items []Item, opt Options) []Result {
	results := make([]Result, len(items))
	tree, err := cloneFor(ctx, items, opt)
	if err != nil {
		return failAll(items, err)
	}
	if tree != nil {
		defer tree.Close()
		opt.Dir = tree.Work
	}
	mounts, err := treeMounts(tree, opt.Governed)
	if err != nil {
		return failAll(items, err)
	}
	jobs := max(opt.Jobs, 1)
	sem := make(chan struct{}, jobs)
	var wg sync.WaitGroup
	for i, it := range items {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			if opt.Progress != nil {
				opt.Progress.Start(it.Key())
			}
			results[i] = runItem(ctx, it, opt, mounts)
			if opt.Progress != nil {
				opt.Progress.Done(it.Key(), results[i].Verdict == VerdictPass, outcomeOf(results[i]))
			}
		}()
	}
	wg.Wait()
	return results
}

// runItem runs one item and judges it. A pass_when that does not compile is
// judged before anything runs: no outcome could pass it.
func runItem(ctx context.Context, it Item, opt Options, mounts sandbox.Mounts) Result {
	r := newResult(it)
	r.TimeLimitMS = effectiveTimeout(opt.Timeout).Milliseconds()
	pred, err := passwhen.Compile(it.PassWhen)
	if err != nil {
		r.Verdict, r.Error = VerdictError, fmt.Sprintf("pass_when does not compile: %v", err)
		return r
	}
	dir, err := workdir.Resolve(opt.Dir, it.WorkingDir)
	if err != nil {
		r.Verdict, r.Error = VerdictError, err.Error()
		return r
	}
	spec := Spec{Command: it.Command, Dir: dir, Env: opt.Env, Timeout: opt.Timeout, TailBytes: opt.TailBytes, Sandbox: opt.Sandbox,
		Mounts: mounts}
	x := Run(ctx, spec)
	record(&r, x)
	r.Verdict, r.Error = judge(pred, x)
	return r
}

// cloneFor makes the clone the sandboxed commands run in; nil when there
// is nothing to run or no sandbox isolates.
func cloneFor(ctx context.Context, items []Item, opt Options) (*sandbox.Tree, error) {
	if len(items) == 0 || !opt.Sandbox.Isolated() {
		return nil, nil
	}
	return sandbox.Clone(ctx, opt.Source)
}

// treeMounts are what every command sees of the clone: the tree, the
// objects it borrows and, read-only over it, the governed paths; nothing
// without a clone.
func treeMounts(tree *sandbox.Tree, governed []string) (sandbox.Mounts, error) {
	if tree == nil {
		return sandbox.Mounts{}, nil
	}
	m := tree.Mounts()
	inside, err := governedIn(tree.Work, governed)
	m.ReadOnlyInside = inside
	return m, err
}

// failAll is every item's result when none could run.
func failAll(items []Item, err error) []Result {
	results := make([]Result, len(items))
	for i, it := range items {
		results[i] = newResult(it)
		results[i].Verdict, results[i].Error, results[i].ExitCode = VerdictError, err.Error(), -1
	}
	return results
}

func newResult(it Item) Result {
	return Result{Story: it.Story, ID: it.ID, Line: it.Pos.Line, Column: it.Pos.Column, Command: it.Command,
		PassWhen: it.PassWhen, ClaimedEvidence: it.Evidence, ClaimedToolFinding: it.ToolFinding}
}

func record(r *Result, x Execution) {
	r.ExitCode, r.DurationMS = x.ExitCode, x.Duration.Milliseconds()
	r.StdoutTail, r.StderrTail = x.Stdout, x.Stderr
	r.StdoutDropped, r.StderrDropped = x.StdoutDropped, x.StderrDropped
	r.Sandboxed = x.Sandboxed
}

func judge(pred *passwhen.Predicate, x Execution) (Verdict, string) {
	switch {
	case x.StartErr != nil:
		return VerdictError, x.StartErr.Error()
	case x.TimedOut:
		return VerdictTimeout, ""
	}
	ok, err := pred.Eval(x.Outcome())
	switch {
	case err != nil:
		return VerdictError, err.Error()
	case ok:
		return VerdictPass, ""
	}
	return VerdictFail, ""
}

func effectiveTimeout(d time.Duration) time.Duration {
	if d <= 0 {
		return DefaultTimeout
	}
	return d
}
