package rundir

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// writableMemory reports whether dir is a tmpfs this user may write.
func writableMemory(dir string) bool {
	var fs unix.Statfs_t
	return unix.Statfs(dir, &fs) == nil && fs.Type == unix.TMPFS_MAGIC && unix.Access(dir, unix.W_OK|unix.X_OK) == nil
}

// startOf is when process pid started, in clock ticks since boot (field
// 22 of /proc/<pid>/stat), or 0 when it cannot be read.
func startOf(pid int) uint64 {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	// The command name (field 2) may hold spaces and parentheses: the
	// fields after it start after its last ')'.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0
	}
	fields := bytes.Fields(data[i+1:])
	const startField = 22 - 3 // fields[0] is field 3, the state
	if len(fields) <= startField {
		return 0
	}
	start, err := strconv.ParseUint(string(fields[startField]), 10, 64)
	if err != nil {
		return 0
	}
	return start
}

// alive reports whether the process that was pid and started at start
// still runs. Without a start time (0) only the PID can be checked, so a
// reused PID keeps a dead run's directories until that process ends too.
func alive(pid int, start uint64) bool {
	if start != 0 {
		if now := startOf(pid); now != 0 || procReadable() {
			return now == start
		}
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// procReadable reports whether /proc answers for this process, so that an
// unreadable /proc/<pid>/stat means the process is gone.
func procReadable() bool {
	return startOf(os.Getpid()) != 0
}
