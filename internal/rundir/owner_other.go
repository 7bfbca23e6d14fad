//go:build !linux

package rundir

import (
	"errors"
	"os"
	"syscall"
)

// writableMemory is false: FastTemp uses the temp dir outside Linux.
func writableMemory(string) bool { return false }

// startOf is 0 where no start time of a process can be read.
func startOf(int) uint64 { return 0 }

// alive reports whether a process pid runs (signal 0 reaches it); a reused
// PID keeps a dead run's directories until that process ends too.
func alive(pid int, _ uint64) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, os.ErrPermission)
}
