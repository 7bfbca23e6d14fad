package revert

import (
	"io/fs"
	"os"
	"path/filepath"
)

// makeWritable restores owner write permission on the directories under dir,
// because a suite may leave read-only directories behind (Go's module cache
// does) that RemoveAll could not empty. Symlinks are not followed.
func makeWritable(dir string) {
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			if info, ierr := d.Info(); ierr == nil && info.Mode().Perm()&0o200 == 0 {
				_ = os.Chmod(p, info.Mode().Perm()|0o700)
			}
		}
		return nil
	})
}
