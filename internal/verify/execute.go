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
}

// Execute reruns items, up to opt.Jobs at a time, and judges each with its
// pass_when. Results come back in the order of items, whatever order the
// runs finished in.
func Execute(ctx context.Context, items []Item, opt Options) []Result {
	results := make([]Result, len(items))
	tree, err := cloneFor(ctx, items, opt)
	if err != nil {
		for i, it := range items {
			results[i] = newResult(it)
			results[i].Verdict, results[i].Error, results[i].ExitCode = VerdictError, err.Error(), -1
		}
		return results
	}
	if tree != nil {
		defer tree.Close()
		opt.Dir = tree.Work
	}
	jobs := max(opt.Jobs, 1)
	sem := make(chan struct{}, jobs)
	var wg sync.WaitGroup
	for i, it := range items {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			results[i] = runItem(ctx, it, opt, tree)
		}()
	}
	wg.Wait()
	return results
}

// runItem runs one item and judges it. A pass_when that does not compile is
// judged before anything runs: no outcome could pass it.
func runItem(ctx context.Context, it Item, opt Options, tree *sandbox.Tree) Result {
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
	spec := Spec{Command: it.Command, Dir: dir, Env: opt.Env, Timeout: opt.Timeout, TailBytes: opt.TailBytes, Sandbox: opt.Sandbox}
	if tree != nil {
		spec.Mounts = tree.Mounts()
	}
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
