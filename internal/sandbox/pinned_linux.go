//go:build linux

package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	"golang.org/x/sys/unix"
)

// pinned are the descriptors a command's bwrap reads from: the /etc
// files it copies in (systemMounts) and the read-only paths inside a
// command's tree (Mounts.ReadOnlyInside), opened before bwrap starts and
// handed to it as descriptors (--ro-bind-fd), so that what bwrap mounts is
// what was checked: with verify.jobs above 1 another command shares the
// clone, and could swap a directory on a governed path for a symbolic link
// between the check and the mount, which by path bwrap would follow out of
// the tree (a host file mounted where the governed test was). Each is
// opened beneath its tree with no symbolic link anywhere on the way, the
// last component included (openat2 RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH).
type pinned struct {
	files []*os.File
}

// add hands f to the command and returns its descriptor number there:
// the pinned files are the command's first extra files, fd 3 on.
func (p *pinned) add(f *os.File) int {
	p.files = append(p.files, f)
	return 2 + len(p.files)
}

// pinInside opens m's ReadOnlyInside paths and returns the arguments that
// mount them; on an error every pinned file is closed.
func (p *pinned) pinInside(m Mounts) ([]string, error) {
	var args []string
	for _, path := range m.ReadOnlyInside {
		f, err := openBeneath(path, m.Writable)
		if err != nil {
			p.close()
			return nil, fmt.Errorf("sandbox: %s is not inside the command's tree without a symbolic link on the way: %w", path, err)
		}
		args = append(args, "--ro-bind-fd", strconv.Itoa(p.add(f)), m.view.see(path))
	}
	return args, nil
}

// openBeneath opens path as an O_PATH descriptor beneath the tree of
// trees it lies in, refusing every symbolic link.
func openBeneath(path string, trees []string) (*os.File, error) {
	path = filepath.Clean(path)
	for _, t := range trees {
		t = filepath.Clean(t)
		if !within(path, t) {
			continue
		}
		rel, err := filepath.Rel(t, path)
		if err != nil {
			return nil, err
		}
		dir, err := unix.Open(t, unix.O_PATH|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err != nil {
			return nil, err
		}
		defer unix.Close(dir)
		fd, err := unix.Openat2(dir, rel, &unix.OpenHow{Flags: unix.O_PATH | unix.O_CLOEXEC,
			Resolve: unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_BENEATH | unix.RESOLVE_NO_MAGICLINKS})
		if err != nil {
			return nil, err
		}
		return os.NewFile(uintptr(fd), path), nil
	}
	return nil, fmt.Errorf("not inside %v", trees)
}

// prepare hands the descriptors to the command (before any extra file a
// caller adds), then runs next.
func (p pinned) prepare(next func(*exec.Cmd)) func(*exec.Cmd) {
	if len(p.files) == 0 {
		return next
	}
	return func(cmd *exec.Cmd) {
		cmd.ExtraFiles = append(append([]*os.File{}, p.files...), cmd.ExtraFiles...)
		if next != nil {
			next(cmd)
		}
	}
}

// close closes the descriptors: bwrap holds its own once started.
func (p pinned) close() {
	for _, f := range p.files {
		f.Close()
	}
}
