package verify

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"time"

	"github.com/storygate/storygate/internal/passwhen"
	"github.com/storygate/storygate/internal/sandbox"
)

// DefaultTimeout is the per-command time limit when none is configured.
const DefaultTimeout = 10 * time.Minute

// pipeGrace is how long Run waits, after the shell exits or is killed, for
// descendants that still hold its output pipes before closing them.
const pipeGrace = 2 * time.Second

// Spec says how to run one shell command.
type Spec struct {
	// Command is passed to `sh -c`.
	Command string
	// Dir is the working directory (the repository root, or a materialized tree).
	Dir string
	// Env is the complete environment; callers build it with CleanEnv.
	Env []string
	// Timeout bounds the run; zero means DefaultTimeout.
	Timeout time.Duration
	// TailBytes is how much of each stream to keep; zero means DefaultTailBytes.
	TailBytes int
	// Combined sends stderr into the stdout tail, interleaved as a terminal
	// shows them; Execution.Stderr is then empty.
	Combined bool
	// Sandbox isolates the command; nil runs it unisolated.
	Sandbox *sandbox.Sandbox
	// Mounts are what the command sees in the sandbox: Dir's tree and the
	// objects its .git borrows.
	Mounts sandbox.Mounts
}

// Execution is what happened when a command ran.
type Execution struct {
	ExitCode      int
	Duration      time.Duration
	Stdout        string
	Stderr        string
	StdoutDropped int64
	StderrDropped int64
	// TimedOut is true when the time limit killed the process group.
	TimedOut bool
	// StartErr is set when the shell could not be started at all.
	StartErr error
	// Sandboxed is true when the command ran in the sandbox.
	Sandboxed bool
}

// Outcome converts the execution into what a pass_when predicate sees.
func (x Execution) Outcome() passwhen.Outcome {
	return passwhen.Outcome{ExitCode: int64(x.ExitCode), DurationMS: x.Duration.Milliseconds(), Stdout: x.Stdout, Stderr: x.Stderr}
}

// Run runs spec.Command with `sh -c` in its own process group, in the
// sandbox when spec.Sandbox isolates. When the time limit passes (or ctx
// ends) the whole group is killed, so a test runner's children die with
// it; whatever the group leaves behind after the shell exits is killed
// too, so no stray process outlives the check. In the sandbox the group
// is bwrap's: its death takes the PID namespace, and with it every
// process of the command, down with it, setsid or not. A cancelled ctx
// (storygate was stopped) sends the group SIGTERM before the SIGKILL, and
// a storygate killed outright takes the command with it (command).
func Run(parent context.Context, spec Spec) Execution {
	ctx, cancel := context.WithTimeout(parent, effectiveTimeout(spec.Timeout))
	defer cancel()
	launch, err := spec.Sandbox.Command(spec.Command, spec.Dir, spec.Env, spec.Mounts)
	if err != nil {
		return Execution{ExitCode: -1, StartErr: err}
	}
	defer launch.Done()
	stdout, stderr := newTailBuffer(spec.TailBytes), newTailBuffer(spec.TailBytes)
	cmd := command(ctx, parent, spec, launch, stdout, stderr)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			// The limit passed before the process could start (a 1ns
			// timeout): that is the time limit's verdict, not a failure.
			return Execution{ExitCode: -1, TimedOut: true, Sandboxed: spec.Sandbox.Isolated()}
		}
		return Execution{ExitCode: -1, StartErr: fmt.Errorf("start sh -c %q in %s: %w", spec.Command, spec.Dir, err)}
	}
	err = cmd.Wait()
	// The group outlives its leader while any member lives, so its ID
	// cannot have been reused yet: killing it reaches only leftovers.
	killGroup(cmd)
	x := Execution{Duration: time.Since(start), Stdout: stdout.String(), Stderr: stderr.String(),
		StdoutDropped: stdout.Dropped(), StderrDropped: stderr.Dropped(), Sandboxed: spec.Sandbox.Isolated()}
	x.TimedOut = errors.Is(ctx.Err(), context.DeadlineExceeded)
	x.ExitCode = exitCode(cmd, err)
	return x
}

// command is the process Run starts for launch: in its own process group,
// which a cancelled parent asks to stop with SIGTERM and the time limit
// kills; with a parent-death signal, so that it dies with storygate
// however storygate dies; unsandboxed, under the guard that takes the
// command's group down with it. stderr goes to stdout's tail when
// spec.Combined.
func command(ctx, parent context.Context, spec Spec, launch sandbox.Launch, stdout, stderr *tailBuffer) *exec.Cmd {
	path, args := guard(launch.Path, launch.Args, spec.Sandbox.Isolated())
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = spec.Dir, launch.Env, stdout, stderr
	if spec.Combined {
		cmd.Stderr = stdout
	}
	ownProcessGroup(cmd, parent)
	dieWithParent(cmd, spec.Sandbox.Isolated())
	launch.Apply(cmd)
	cmd.WaitDelay = pipeGrace
	return cmd
}

// exitCode reports the shell's status the way a shell would: the exit
// status, or 128+signal when a signal ended it.
func exitCode(cmd *exec.Cmd, err error) int {
	if cmd.ProcessState == nil {
		return -1
	}
	if sig, ok := signalOf(cmd.ProcessState); ok {
		return 128 + sig
	}
	if code := cmd.ProcessState.ExitCode(); code >= 0 {
		return code
	}
	if err != nil {
		return -1
	}
	return 0
}
