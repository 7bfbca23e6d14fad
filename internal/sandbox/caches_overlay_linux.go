//go:build linux

package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/storygate/storygate/internal/rundir"
)

// A root storygate, whose commands run as UnprivilegedID, mounts a cache's
// private layer itself as a kernel overlay: the runner's directory is the
// lower layer, never written; the upper layer is the check's scratch
// directory, removed with it. The upper layer holds, made beforehand, a
// directory of UnprivilegedID's for each of the cache's directories, so
// that the command can add and replace entries everywhere (overlayfs takes
// a merged directory's owner from its upper layer); the cache's files keep
// their owners, so the command can only replace them, which copies them up.
// Its cost is one directory per directory of the cache, where the link
// farm (copyLayer) makes one link per file, and nothing to remove but what
// the command wrote.

// overlayLayer is one mounted kernel overlay: the merged directory the
// sandbox binds, and the scratch directory holding its layers.
type overlayLayer struct {
	merged, scratch string
}

// mountOverlay mounts lower under a new upper layer in a new scratch
// directory, given to owner as described above.
func mountOverlay(lower string, owner int) (overlayLayer, error) {
	if strings.ContainsAny(lower, ",:\\\n") {
		return overlayLayer{}, fmt.Errorf("overlay of %s: the path cannot be named in overlay options", lower)
	}
	scratch, err := rundir.Temp("cache")
	if err != nil {
		return overlayLayer{}, err
	}
	l := overlayLayer{merged: filepath.Join(scratch, "merged"), scratch: scratch}
	upper, work := filepath.Join(scratch, "upper"), filepath.Join(scratch, "work")
	for _, d := range []string{l.merged, work} {
		if err := os.Mkdir(d, 0o700); err != nil {
			RemoveTree(scratch)
			return overlayLayer{}, err
		}
	}
	if err := upperDirs(lower, upper, owner); err != nil {
		RemoveTree(scratch)
		return overlayLayer{}, fmt.Errorf("overlay of %s: %w", lower, err)
	}
	opts := "lowerdir=" + lower + ",upperdir=" + upper + ",workdir=" + work
	if err := syscall.Mount("overlay", l.merged, "overlay", syscall.MS_NOSUID|syscall.MS_NODEV, opts); err != nil {
		RemoveTree(scratch)
		return overlayLayer{}, fmt.Errorf("overlay of %s: mount: %w", lower, err)
	}
	return l, nil
}

// upperDirs makes in upper a directory for each directory of lower,
// given to owner; files, links and the rest stay in lower. Their modes
// are the umask's 0755 or less: the command is their owner, the only one
// who uses them, so two system calls a directory is all it costs, and
// the walk reads each directory once, unsorted (a Go build cache holds
// tens of thousands of files in 257 directories).
func upperDirs(lower, upper string, owner int) error {
	if err := os.Mkdir(upper, 0o755); err != nil {
		return err
	}
	if err := os.Lchown(upper, owner, owner); err != nil {
		return err
	}
	f, err := os.Open(lower)
	if err != nil {
		return ignoreVanished(err)
	}
	entries, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return ignoreVanished(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			if err := upperDirs(filepath.Join(lower, e.Name()), filepath.Join(upper, e.Name()), owner); err != nil {
				return err
			}
		}
	}
	return nil
}

// release unmounts the overlay and removes its layers.
func (l overlayLayer) release() {
	_ = syscall.Unmount(l.merged, syscall.MNT_DETACH)
	RemoveTree(l.scratch)
}

// kernelOverlayWorks reports whether a root storygate can mount overlays
// here (a container without CAP_SYS_ADMIN, or a kernel without overlayfs,
// cannot), by mounting one of an empty directory.
func kernelOverlayWorks() bool {
	if os.Geteuid() != 0 {
		return false
	}
	lower, err := rundir.Temp("cache")
	if err != nil {
		return false
	}
	defer RemoveTree(lower)
	l, err := mountOverlay(lower, UnprivilegedID)
	if err != nil {
		return false
	}
	l.release()
	return true
}
