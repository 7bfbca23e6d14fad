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

	"github.com/storygate/storygate/internal/rundir"
)

// stagedEntries is the most files, directories and links one allowlisted
// directory may hold to be copied; a larger one (the certificates'
// links, the Debian alternatives) is mounted: one mount costs less per
// command than such a copy does per tree.
const stagedEntries = 256

// stagedBytes is the most the copies of one stage may hold together.
const stagedBytes = 4 << 20

// mounts makes the stage, from the entries of etcEntries under src
// (/etc), on the first call, and returns the arguments that show it as
// the command's /etc; an error says why it could not be made.
func (e *etcStage) mounts(src string) ([]string, error) {
	e.once.Do(func() {
		if e.made, e.err = e.runDir(); e.err != nil {
			return
		}
		e.dir = filepath.Join(e.made, "etc")
		if e.args, e.err = stageEtc(src, e.dir); e.err != nil {
			RemoveTree(e.made)
			e.made = ""
		}
	})
	if e.removed.Load() {
		return nil, errStageRemoved
	}
	return e.args, e.err
}

// runDir makes the run directory the copy is made in.
func (e *etcStage) runDir() (string, error) {
	if e.parent == "" {
		return rundir.FastTemp("etc")
	}
	dir, err := os.MkdirTemp(e.parent, "etc-")
	if err != nil {
		return "", fmt.Errorf("sandbox: stage /etc: %w", err)
	}
	return dir, nil
}

// stageEtc copies the entries of etcEntries under src into dir, which it
// makes, and returns the arguments that mount dir read-only as /etc, then
// each entry that was not copied over its place (an empty directory or
// file the copy holds).
func stageEtc(src, dir string) ([]string, error) {
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, fmt.Errorf("sandbox: stage /etc: %w", err)
	}
	if err := os.Chmod(dir, 0o755); err != nil { // whatever the umask: the commands' user reads it
		return nil, fmt.Errorf("sandbox: stage /etc: %w", err)
	}
	args := []string{"--ro-bind", dir, "/etc"}
	budget := int64(stagedBytes)
	for _, pattern := range etcEntries {
		found, _ := filepath.Glob(filepath.Join(src, pattern)) // the patterns are valid
		for _, path := range found {
			name := filepath.Base(path)
			mount, err := stageEntry(path, filepath.Join(dir, name), &budget)
			if err != nil {
				return nil, err
			}
			if mount {
				args = append(args, "--ro-bind", path, "/etc/"+name)
			}
		}
	}
	return args, nil
}

// stageEntry copies the entry path (followed, when a link) to to and
// reports false, or makes to the empty place it is mounted over and
// reports true; for what does not exist (a dangling link) it does
// neither. budget is what copies may still hold.
func stageEntry(path, to string, budget *int64) (mount bool, err error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return false, nil
	}
	info, err := os.Stat(real)
	if err != nil {
		return false, nil
	}
	if info.IsDir() {
		if size, ok := copyableTree(real); ok && size <= *budget {
			if err := copyTree(real, to); err == nil {
				*budget -= size
				return false, nil
			}
			RemoveTree(to) // half a copy: mount the directory instead
		}
		return true, mountPoint(to, true)
	}
	if info.Mode().IsRegular() && copyable(info) && info.Size() <= min(copiedEtcFile, *budget) {
		if err := copyEtcFile(real, to); err == nil {
			*budget -= info.Size()
			return false, nil
		}
		os.Remove(to)
	}
	return true, mountPoint(to, false)
}

// mountPoint makes the empty directory or file an entry is mounted over.
func mountPoint(to string, dir bool) error {
	var err error
	if dir {
		err = os.Mkdir(to, 0o755)
	} else {
		var f *os.File
		if f, err = os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o444); err == nil {
			err = f.Close()
		}
	}
	if err != nil {
		return fmt.Errorf("sandbox: stage /etc: %w", err)
	}
	return nil
}

// copyable reports whether everyone may read (and, for a directory,
// search) the entry: only what any user of the host could read is copied,
// because a copy is the storygate user's, where a mount would have shown
// the owner and mode that keep the commands' user out. A set-user-ID or
// set-group-ID file is mounted, never copied: a root storygate's copy
// would be a set-user-ID file of root's on the host.
func copyable(info fs.FileInfo) bool {
	want := fs.FileMode(0o004)
	if info.IsDir() {
		want = 0o005
	} else if info.Mode()&(fs.ModeSetuid|fs.ModeSetgid) != 0 {
		return false
	}
	return info.Mode().Perm()&want == want
}

// copyableTree reports whether the directory root may be copied, and the
// bytes its files hold: at most stagedEntries entries, each a directory,
// a link or a file of at most copiedEtcFile bytes, each readable by
// everyone.
func copyableTree(root string) (int64, bool) {
	var size int64
	entries := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if entries++; entries > stagedEntries+1 { // the root is not an entry of its own
			return fs.SkipAll
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch mode := info.Mode(); {
		case mode&fs.ModeSymlink != 0:
			return nil
		case !mode.IsDir() && !mode.IsRegular(), !copyable(info), info.Size() > copiedEtcFile && mode.IsRegular():
			return errNotCopied
		case mode.IsRegular():
			size += info.Size()
		}
		return nil
	})
	return size, err == nil && entries <= stagedEntries+1
}

// errNotCopied stops the walk of a directory that is mounted instead.
var errNotCopied = errors.New("not copied")

// copyTree copies the directory root to to: directories, files and links
// as they are, with their permission bits (a directory's set-group-ID and
// sticky bits too); the directories get theirs once they are filled.
func copyTree(root, to string) error {
	var dirs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(target, dst)
		case d.IsDir():
			dirs = append(dirs, p, dst)
			return os.Mkdir(dst, 0o700)
		default:
			return copyEtcFile(p, dst)
		}
	})
	for i := len(dirs) - 2; err == nil && i >= 0; i -= 2 {
		var info fs.FileInfo
		if info, err = os.Lstat(dirs[i]); err == nil {
			err = os.Chmod(dirs[i+1], info.Mode()&(fs.ModePerm|fs.ModeSetgid|fs.ModeSticky))
		}
	}
	return err
}

// copyEtcFile copies the regular file path to to with its permission bits,
// refusing, once it is open, what is no longer a regular file readable by
// everyone (opened without blocking: a FIFO would wait for a writer).
func copyEtcFile(path, to string) error {
	in, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return err
	}
	defer in.Close()
	info, err := in.Stat()
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() || !copyable(info) || info.Size() > copiedEtcFile {
		return fmt.Errorf("%s: %w", path, errNotCopied)
	}
	out, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, io.LimitReader(in, copiedEtcFile))
	err = errors.Join(err, out.Chmod(info.Mode().Perm()), out.Close())
	return err
}

// mountsOf is mounts, and an error for a nil stage (a command outside a
// tree).
func (e *etcStage) mountsOf(src string) ([]string, error) {
	if e == nil {
		return nil, errNoStage
	}
	return e.mounts(src)
}

// errNoStage is mountsOf's error for a command outside a tree.
var errNoStage = errors.New("no tree to stage /etc in")
