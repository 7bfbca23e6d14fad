//go:build unix

package testrepo

import (
	"os"
	"syscall"
)

// lockDir takes an exclusive flock(2) on the directory dir (no file is
// written there), waiting for it, and returns the function that releases
// it; a cache that does not exist yet, or cannot be locked, is not locked.
func lockDir(dir string) (unlock func(), err error) {
	f, err := os.Open(dir)
	if os.IsNotExist(err) {
		return func() {}, nil
	}
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		// A file system without flock (some network ones): the builds
		// run at once, as before, rather than not at all.
		f.Close()
		return func() {}, nil
	}
	return func() { f.Close() }, nil
}
