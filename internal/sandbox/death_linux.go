package sandbox

import (
	"os/exec"
	"syscall"
)

// DieWithParent has the kernel send sig to cmd's process when storygate
// dies, however it dies (SIGKILL included), so that no command it started
// outlives it. The kernel sends it when the thread that started the
// process ends, not the process: Go ends a thread only when a goroutine
// locked to it (runtime.LockOSThread) returns locked, and storygate
// starts no command from such a goroutine.
func DieWithParent(cmd *exec.Cmd, sig syscall.Signal) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = sig
}
