//go:build !linux

package sandbox

import (
	"os/exec"
	"syscall"
)

// DieWithParent does nothing where the kernel has no parent-death signal:
// a command storygate started may outlive a storygate killed with SIGKILL.
func DieWithParent(*exec.Cmd, syscall.Signal) {}
