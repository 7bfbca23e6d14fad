//go:build linux

package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// nonDumpable sets PR_SET_DUMPABLE to 0: no core dump, and /proc/<pid>/mem,
// environ and the like refuse processes without CAP_SYS_PTRACE.
func nonDumpable() error {
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		return fmt.Errorf("prctl(PR_SET_DUMPABLE, 0): %w", err)
	}
	return nil
}

// scrubInitialEnviron overwrites the values of secret variables in the
// environment block the process started with. os.Unsetenv changes only
// Go's copy; /proc/<pid>/environ reads that original block, which stays
// in memory for the life of the process.
func scrubInitialEnviron(secret func(name string) bool) error {
	start, end, err := environBounds()
	if err != nil || end <= start {
		return err
	}
	mem, err := os.OpenFile("/proc/self/mem", os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("open /proc/self/mem: %w", err)
	}
	defer mem.Close()
	block := make([]byte, end-start)
	if _, err := mem.ReadAt(block, int64(start)); err != nil {
		return fmt.Errorf("read the initial environment: %w", err)
	}
	off := 0
	for _, entry := range bytes.Split(block, []byte{0}) {
		name, _, found := bytes.Cut(entry, []byte("="))
		if found && secret(string(name)) {
			value := off + len(name) + 1
			if _, err := mem.WriteAt(make([]byte, len(entry)-len(name)-1), int64(start)+int64(value)); err != nil {
				return fmt.Errorf("clear %s in the initial environment: %w", name, err)
			}
		}
		off += len(entry) + 1
	}
	return nil
}

// environBounds reads env_start and env_end (fields 50 and 51) of
// /proc/self/stat; the fields after the command name start at field 3.
func environBounds() (start, end uint64, err error) {
	stat, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0, 0, fmt.Errorf("read /proc/self/stat: %w", err)
	}
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	if len(fields) < 49 {
		return 0, 0, fmt.Errorf("/proc/self/stat has %d fields after the name, want at least 49", len(fields))
	}
	if start, err = strconv.ParseUint(fields[47], 10, 64); err == nil {
		end, err = strconv.ParseUint(fields[48], 10, 64)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("parse /proc/self/stat: %w", err)
	}
	return start, end, nil
}
