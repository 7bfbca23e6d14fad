//go:build !linux

package verify

import "os/exec"

// guard leaves the launch as it is where the kernel has no parent-death
// signal to hand to a guard: a command may outlive a storygate killed
// with SIGKILL there.
func guard(path string, args []string, _ bool) (string, []string) { return path, args }

// dieWithParent does nothing where there is no parent-death signal.
func dieWithParent(*exec.Cmd, bool) {}
