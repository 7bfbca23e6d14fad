//go:build unix

package verify

import (
	"context"
	"os"
	"os/exec"
	"syscall"
)

// ownProcessGroup starts the command as the leader of a new process group
// and makes cancellation end that group rather than the shell alone: the
// time limit kills it (SIGKILL), as it always has; a cancelled run
// (storygate got SIGINT or SIGTERM, so parent is done) asks it to stop
// with SIGTERM first, and Run's SIGKILL of the group after the shell has
// ended, or Go's after WaitDelay, ends whatever did not.
func ownProcessGroup(cmd *exec.Cmd, parent context.Context) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	cmd.Cancel = func() error {
		if parent.Err() != nil {
			signalGroup(cmd, syscall.SIGTERM)
			return nil
		}
		killGroup(cmd)
		return nil
	}
}

// killGroup sends SIGKILL to the command's process group.
func killGroup(cmd *exec.Cmd) {
	signalGroup(cmd, syscall.SIGKILL)
}

// signalGroup sends sig to the command's process group. Errors are
// ignored: the usual one is ESRCH, meaning the group is already gone.
func signalGroup(cmd *exec.Cmd, sig syscall.Signal) {
	if cmd.Process != nil && cmd.Process.Pid > 0 {
		_ = syscall.Kill(-cmd.Process.Pid, sig)
	}
}

func signalOf(ps *os.ProcessState) (int, bool) {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return 0, false
	}
	return int(ws.Signal()), true
}
