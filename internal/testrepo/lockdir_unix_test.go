//go:build unix

package testrepo

import (
	"errors"
	"os"
	"syscall"
	"testing"
)

// TestLockDirExcludesOtherHolders: while lockDir holds a directory, no
// other descriptor can lock it; once released, one can; a directory that
// does not exist is not locked and is not an error.
func TestLockDirExcludesOtherHolders(t *testing.T) {
	dir := t.TempDir()
	tryLock := func() error {
		f, err := os.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	}
	unlock, err := lockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := tryLock(); !errors.Is(err, syscall.EWOULDBLOCK) {
		t.Errorf("locking a held directory again: %v, want EWOULDBLOCK", err)
	}
	unlock()
	if err := tryLock(); err != nil {
		t.Errorf("locking the released directory: %v", err)
	}
	release, err := lockDir(dir + "/missing")
	if err != nil {
		t.Fatalf("a missing cache: %v", err)
	}
	release()
}
