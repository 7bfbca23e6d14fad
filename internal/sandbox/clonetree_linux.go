//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// cloneTree makes dst a copy of the directory tree src that a command can
// change freely without changing src: every directory is made anew (and
// given to owner when owner >= 0), symbolic links are recreated, regular
// files are copied (given to owner too). With linkRootFiles (storygate is
// root and the command is owner, uid 65534) a file the command could not
// change in place (not its own, not writable by group or others) is hard
// linked instead, which costs no copy: the command can only unlink or
// replace its link, never write the shared file; files it could not read
// (not world-readable) are left out, as it could not read them on the
// host either. Other entries (sockets, devices) are left out.
func cloneTree(src, dst string, owner int, linkRootFiles bool) error {
	var dirs []string
	var modes []fs.FileMode
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return ignoreVanished(err)
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return ignoreVanished(err)
		}
		switch {
		case d.IsDir():
			dirs, modes = append(dirs, target), append(modes, info.Mode().Perm())
			return os.Mkdir(target, 0o700)
		case d.Type()&fs.ModeSymlink != 0:
			return cloneLink(p, target, owner)
		case d.Type().IsRegular():
			return cloneFile(p, target, info, owner, linkRootFiles)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("clone %s: %w", src, err)
	}
	// Modes last, deepest first: a read-only directory (Go's module
	// cache makes them all 0555) is filled before it is closed.
	for i := len(dirs) - 1; i >= 0; i-- {
		if err := settle(dirs[i], modes[i], owner); err != nil {
			return err
		}
	}
	return nil
}

func settle(dir string, mode fs.FileMode, owner int) error {
	if owner >= 0 {
		if err := os.Lchown(dir, owner, owner); err != nil {
			return err
		}
	}
	return os.Chmod(dir, mode)
}

func cloneLink(p, target string, owner int) error {
	to, err := os.Readlink(p)
	if err != nil {
		return ignoreVanished(err)
	}
	if err := os.Symlink(to, target); err != nil {
		return err
	}
	if owner >= 0 {
		return os.Lchown(target, owner, owner)
	}
	return nil
}

func cloneFile(p, target string, info fs.FileInfo, owner int, linkRootFiles bool) error {
	if linkRootFiles {
		if !sharedSafely(info) {
			if info.Mode().Perm()&0o004 == 0 {
				return nil
			}
		} else if os.Link(p, target) == nil {
			return nil
		}
	}
	return copyFile(p, target, info.Mode().Perm(), owner)
}

// sharedSafely reports whether uid 65534 can read the file but neither
// write it nor change its mode.
func sharedSafely(info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && st.Uid != UnprivilegedID && st.Gid != UnprivilegedID &&
		info.Mode().Perm()&0o022 == 0 && info.Mode().Perm()&0o004 != 0
}

func copyFile(p, target string, mode fs.FileMode, owner int) error {
	in, err := os.Open(p)
	if err != nil {
		return ignoreVanished(err)
	}
	defer in.Close()
	out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode|0o200)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil && owner >= 0 {
		err = os.Chown(target, owner, owner)
	}
	if err == nil {
		err = os.Chmod(target, mode)
	}
	return err
}

// ignoreVanished drops the error of an entry removed while the walk ran.
func ignoreVanished(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}
