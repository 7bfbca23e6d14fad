//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// chownTree makes uid:gid the owner of dir and of everything below it that
// is not already theirs. It works through an os.Root, so a symlink a
// command planted in the tree earlier (or plants while the walk runs)
// cannot make storygate, as root, hand over a file outside the tree;
// symlinks themselves are changed, not followed. Entries that vanish
// during the walk are skipped.
func chownTree(dir string, uid, gid int) error {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return fmt.Errorf("open %s: %w", dir, err)
	}
	defer root.Close()
	return fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return skipVanished(err)
		}
		info, err := d.Info()
		if err != nil {
			return skipVanished(err)
		}
		if owned(info, uid, gid) {
			return nil
		}
		return skipVanished(root.Lchown(p, uid, gid))
	})
}

func skipVanished(err error) error {
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return fmt.Errorf("change owner: %w", err)
}

// owned reports whether info's file already belongs to uid:gid.
func owned(info fs.FileInfo, uid, gid int) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == uid && int(st.Gid) == gid
}
