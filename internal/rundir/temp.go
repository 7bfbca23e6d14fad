package rundir

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
)

// A run's temporary directories (the sandbox's clone, the revert-check's
// build cache, the base tree of the stage gate, the recomputed head) are
// named by their owner, storygate-<kind>-<pid>.<start>-<random>, where
// <start> is when the process started (its clock ticks since boot on
// Linux, 0 where that is unknown): the pair names one process even after
// its PID is reused. A run killed before it could remove them (SIGKILL,
// an OOM kill) leaves them behind; the next run's Sweep removes them.

// ownedName matches a temporary directory Temp made and captures its
// owner's PID and start time.
var ownedName = regexp.MustCompile(`^storygate-[a-z]+-([0-9]+)\.([0-9]+)-[0-9]+$`)

// Temp creates a new temporary directory for this run, storygate-<kind>-
// named by this process, under the temp dir, with mode 0700.
func Temp(kind string) (string, error) {
	return tempIn("", kind)
}

// FastTemp is Temp in memory where it can be: in /dev/shm when TMPDIR is
// not set (a user who sets it chose where temporary files go) and
// /dev/shm is a tmpfs this user may write. It is for small directories
// of many files made once per run (the sandbox's copy of /etc), whose
// creation costs a tenth in memory of what it does on a slow disk.
func FastTemp(kind string) (string, error) {
	if parent := memoryTemp(); parent != "" {
		if dir, err := tempIn(parent, kind); err == nil {
			return dir, nil
		}
	}
	return Temp(kind)
}

// sharedMemory is the tmpfs FastTemp prefers.
const sharedMemory = "/dev/shm"

// memoryTemp is where FastTemp makes directories, or "" for the temp dir.
func memoryTemp() string {
	if os.Getenv("TMPDIR") != "" || !writableMemory(sharedMemory) {
		return ""
	}
	return sharedMemory
}

func tempIn(parent, kind string) (string, error) {
	pid := os.Getpid()
	dir, err := os.MkdirTemp(parent, fmt.Sprintf("storygate-%s-%d.%d-", kind, pid, startOf(pid)))
	if err != nil {
		return "", fmt.Errorf("temporary directory for %s: %w", kind, err)
	}
	return dir, nil
}

// Sweep removes, from the temp dir and FastTemp's, the temporary
// directories of runs whose process is gone, and returns the ones it
// removed. A live run's directories, this process's included, are never
// touched, so two runs at once keep their clones; a directory whose name
// does not say its owner (another program's, an output directory of For)
// is left alone.
func Sweep() []string {
	removed := sweepIn(os.TempDir())
	if parent := memoryTemp(); parent != "" {
		removed = append(removed, sweepIn(parent)...)
	}
	return removed
}

func sweepIn(parent string) []string {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range entries {
		if !e.IsDir() || !ownerGone(e.Name()) {
			continue
		}
		dir := filepath.Join(parent, e.Name())
		Remove(dir)
		removed = append(removed, dir)
	}
	return removed
}

// ownerGone reports whether name is a directory Temp made for a process
// that no longer runs.
func ownerGone(name string) bool {
	m := ownedName.FindStringSubmatch(name)
	if m == nil {
		return false
	}
	pid, err := strconv.Atoi(m[1])
	if err != nil || pid <= 0 {
		return false
	}
	start, err := strconv.ParseUint(m[2], 10, 64)
	if err != nil {
		return false
	}
	return !alive(pid, start)
}

// Remove removes a temporary tree, first detaching any file system
// mounted in it (a root storygate's cache overlays, left by a run that was
// killed). A command may leave read-only directories behind (Go's module
// cache does) that RemoveAll cannot empty unless storygate is root; only
// when RemoveAll fails does Remove walk what is left, restoring owner
// write permission on its directories, and try again, so that a tree
// removed at once is walked once. Symlinks are not followed. Problems
// are not errors: the directory is a temporary one, and the next run's
// Sweep tries again.
func Remove(dir string) {
	unmountUnder(dir)
	if os.RemoveAll(dir) == nil {
		return
	}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			if info, ierr := d.Info(); ierr == nil && info.Mode().Perm()&0o200 == 0 {
				_ = os.Chmod(p, info.Mode().Perm()|0o700)
			}
		}
		return nil
	})
	_ = os.RemoveAll(dir)
}
