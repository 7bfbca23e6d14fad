//go:build !unix

package verify

import (
	"context"
	"os"
	"os/exec"
)

// ownProcessGroup is a no-op where process groups do not exist; the default
// cancellation kills the shell itself.
func ownProcessGroup(*exec.Cmd, context.Context) {}

// killGroup kills the shell; descendants may survive on these systems.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}

func signalOf(*os.ProcessState) (int, bool) { return 0, false }
