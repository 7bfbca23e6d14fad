package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// stoppedError is why a run's context was cancelled: a signal asked it to
// stop.
type stoppedError struct{ sig os.Signal }

// Error names the signal.
func (s *stoppedError) Error() string { return "stopped by " + signalName(s.sig) }

// stopOnSignal returns a context that SIGINT (Ctrl-C) or SIGTERM (what a
// cancelled GitHub Actions job, and most supervisors, send) cancels, and
// the function that releases it. Cancelling ends every command the run
// started (verify.Run kills their process groups) and lets the deferred
// removals of its clones and temporary directories run before the
// command returns. The first signal restores the default behaviour, so a
// second one ends storygate at once; what that leaves behind the next
// run's rundir.Sweep removes.
func stopOnSignal() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case sig := <-ch:
			signal.Stop(ch)
			cancel(&stoppedError{sig: sig})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		cancel(nil)
	}
}

// stopped reports, when a signal cancelled ctx, that the command name was
// stopped (exit 3, ExitInternal: the run did not finish, whatever it had
// found so far); otherwise it returns code.
func stopped(e env, name string, ctx context.Context, code int) int {
	var s *stoppedError
	if !errors.As(context.Cause(ctx), &s) {
		return code
	}
	fmt.Fprintf(e.stderr, "storygate %s: %v: the commands it started were ended and its temporary directories removed; the run did not finish\n", name, s)
	return ExitInternal
}

// exitAfter is command name's exit code once it returned code: a command
// a signal ends normally (signalEnds) keeps its own; any other one a
// signal cancelled was stopped (stopped).
func exitAfter(e env, name string, ctx context.Context, code int) int {
	if signalEnds[name] {
		return code
	}
	return stopped(e, name, ctx, code)
}
