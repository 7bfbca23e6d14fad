package revert

import (
	"context"
	"errors"
	"fmt"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/verify"
)

// checkTogether reverts every collected path and decides on one run.
func checkTogether(ctx context.Context, opt Options, res *Result) error {
	w, ok, err := prepare(ctx, opt, res)
	if err != nil || !ok {
		return err
	}
	defer w.Close()
	var blobs []gitrepo.Blob
	for _, p := range res.Paths {
		b, err := opt.Snapshot.Blob(p)
		if err != nil {
			return fmt.Errorf("revert check: %w", err) // cannotStart refused paths without a base version
		}
		blobs = append(blobs, b)
	}
	run, verdict, reason, err := runRestored(ctx, opt, w, blobs)
	if err != nil {
		return err
	}
	res.Runs++
	res.setRun(run)
	res.Verdict, res.Reason = verdict, reason
	res.Set = &Decision{Verdict: verdict, Reason: reason, Run: &run}
	return nil
}

// prepare clones the repository at head and runs the suite on the
// unreverted tree first. A suite that does not pass there cannot tell a
// forced repair from a broken change: reverting anything would "fail" it,
// so the check would permit every edit. That is could_not_run, not a
// decision.
func prepare(ctx context.Context, opt Options, res *Result) (*Workspace, bool, error) {
	w, err := newWorkspace(ctx, opt.Repo, opt.Root, opt.Head)
	if errors.Is(err, errRootMoved) {
		res.Verdict, res.Reason = CouldNotRun, err.Error()
		return nil, false, nil
	}
	if err == nil {
		if err = w.shareCaches(opt.Sandbox, opt.Env); err != nil {
			w.Close()
		}
	}
	if err != nil {
		return nil, false, err
	}
	run, verdict, reason := runSuite(ctx, opt, w, baselineRun)
	res.Baseline, res.Ran, res.Runs = &run, true, 1
	if verdict == Escalate {
		return w, true, nil
	}
	w.Close()
	res.setRun(run)
	res.Verdict, res.Reason = CouldNotRun, baselineReason(run, reason)
	return nil, false, nil
}

// runRestored restores blobs in w and runs the suite. A blob whose content
// no longer matches its hash decides nothing: could_not_run.
func runRestored(ctx context.Context, opt Options, w *Workspace, blobs []gitrepo.Blob) (SuiteRun, Verdict, string, error) {
	for _, b := range blobs {
		err := w.Restore(b)
		if errors.Is(err, gitrepo.ErrTampered) {
			return SuiteRun{ExitCode: -1}, CouldNotRun, err.Error(), nil
		}
		if err != nil {
			return SuiteRun{}, "", "", err
		}
	}
	run, verdict, reason := runSuite(ctx, opt, w, runLabel(blobs))
	return run, verdict, reason, nil
}

func baselineReason(run SuiteRun, reason string) string {
	if reason != "" {
		return "on the head tree, before anything was reverted: " + reason
	}
	return fmt.Sprintf("the suite fails on the head tree before anything is reverted (exit code %d), so a failure after reverting would prove nothing", run.ExitCode)
}

// runSuite runs the suite in w and reads its outcome the story-017 way:
// passing means the reverted edits were not needed (Escalate), failing
// means they were (Permitted). A shell that cannot find or execute the
// command (126, 127), does not start, or runs out of time decides nothing.
// Progress hears it start and finish, named label.
func runSuite(ctx context.Context, opt Options, w *Workspace, label string) (SuiteRun, Verdict, string) {
	if opt.Progress != nil {
		opt.Progress.Start(label)
	}
	run, verdict, reason := suiteOutcome(ctx, opt, w)
	if opt.Progress != nil {
		ok, outcome := runOutcome(label == baselineRun, run, verdict)
		opt.Progress.Done(label, ok, outcome)
	}
	return run, verdict, reason
}

// suiteOutcome runs the suite once in w and reads its outcome.
func suiteOutcome(ctx context.Context, opt Options, w *Workspace) (SuiteRun, Verdict, string) {
	x := verify.Run(ctx, verify.Spec{Command: opt.Suite, Dir: w.Work, Env: w.Env(opt.Env, opt.Sandbox.Isolated()), Timeout: opt.Timeout, Combined: true,
		Sandbox: opt.Sandbox, Mounts: w.Mounts()})
	run := SuiteRun{ExitCode: x.ExitCode, DurationMS: x.Duration.Milliseconds(), OutputTail: x.Stdout, OutputDropped: x.StdoutDropped}
	switch {
	case x.StartErr != nil:
		return run, CouldNotRun, fmt.Sprintf("the suite could not start: %v", x.StartErr)
	case x.TimedOut:
		return run, CouldNotRun, fmt.Sprintf("the suite ran past its time limit and was killed after %s", x.Duration.Round(1e6))
	case x.ExitCode == 126 || x.ExitCode == 127:
		return run, CouldNotRun, fmt.Sprintf("the shell could not run the suite command (exit code %d: not found or not executable)", x.ExitCode)
	case x.ExitCode == 0:
		return run, Escalate, ""
	}
	return run, Permitted, ""
}

func (r *Result) setRun(run SuiteRun) {
	r.ExitCode, r.OutputTail = run.ExitCode, run.OutputTail
}
