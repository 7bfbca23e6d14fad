//go:build unix

package verify

import (
	"os"
	"os/exec"
	"syscall"
)

// ownProcessGroup starts the shell as the leader of a new process group and
// makes cancellation kill that group rather than the shell alone.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		killGroup(cmd)
		return nil
	}
}

// killGroup sends SIGKILL to the command's process group. Errors are
// ignored: the usual one is ESRCH, meaning the group is already gone.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil && cmd.Process.Pid > 0 {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

func signalOf(ps *os.ProcessState) (int, bool) {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return 0, false
	}
	return int(ws.Signal()), true
}
