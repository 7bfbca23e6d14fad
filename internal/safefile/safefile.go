// Package safefile reads files from a repository the way every storygate
// loader must (stories, stages, records, the configuration, results
// documents): a symlink that leaves the repository is refused, a device,
// FIFO or socket is refused before it is opened (a FIFO would block, a
// link to /dev/zero would never end), and a file over the caller's size
// limit is refused before it is read, through a reader that stops at the
// limit even if the file grows meanwhile.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// The refusals; every error from this package that is a refusal wraps one.
var (
	// ErrOutside: the path resolves outside the repository.
	ErrOutside = errors.New("outside the repository")
	// ErrNotRegular: a directory, FIFO, socket or device.
	ErrNotRegular = errors.New("not a regular file")
	// ErrTooLarge: over the size limit (see TooLargeError).
	ErrTooLarge = errors.New("over the size limit")
)

// TooLargeError is the refusal of a file over the limit; it wraps ErrTooLarge.
type TooLargeError struct {
	Path        string
	Size, Limit int64
}

// Error names the file, its size and the limit.
func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is %d bytes; the limit is %d", e.Path, e.Size, e.Limit)
}

// Unwrap makes errors.Is(err, ErrTooLarge) hold.
func (e *TooLargeError) Unwrap() error { return ErrTooLarge }

// Resolver resolves paths inside a repository, remembering the resolved
// directories: thousands of files share a handful of them.
type Resolver struct{ dirs sync.Map }

// Resolve follows symlinks from abs and refuses (ErrOutside) a target
// outside root. The file itself is checked with Lstat. regular is false
// for anything but a regular file (or a link to one), which must not be
// opened.
func (c *Resolver) Resolve(root, abs string) (real string, regular bool, err error) {
	info, err := os.Lstat(abs)
	if err != nil {
		return "", false, fmt.Errorf("cannot read %s: %w", abs, Named(err, abs))
	}
	dir, err := c.realDir(filepath.Dir(abs))
	if err != nil {
		return "", false, fmt.Errorf("cannot resolve %s: %w", abs, Named(err, abs))
	}
	real, regular = filepath.Join(dir, filepath.Base(abs)), info.Mode().IsRegular()
	if info.Mode()&os.ModeSymlink != 0 {
		if real, err = filepath.EvalSymlinks(abs); err != nil {
			return "", false, fmt.Errorf("cannot resolve %s: %w", abs, Named(err, abs))
		}
		target, err := os.Stat(real)
		regular = err == nil && target.Mode().IsRegular()
	}
	realRoot, err := c.realDir(root)
	if err != nil {
		realRoot = root
	}
	if !Inside(realRoot, real) {
		return "", false, fmt.Errorf("%w: %s resolves to %s; storygate reads only files inside it", ErrOutside, abs, real)
	}
	return real, regular, nil
}

// Inside reports whether abs is root or under it (both cleaned, absolute).
func Inside(root, abs string) bool {
	rel, err := filepath.Rel(root, abs)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func (c *Resolver) realDir(dir string) (string, error) {
	if v, ok := c.dirs.Load(dir); ok {
		return v.(string), nil
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", err
	}
	c.dirs.Store(dir, real)
	return real, nil
}

// Open opens path for reading without following a symlink in its last
// component and without blocking on a FIFO, and refuses (ErrNotRegular)
// anything but a regular file; the check is on the opened file, so a swap
// after Resolve is caught too. The size is the opened file's. A file the
// caller may not read is ErrUnreadable.
func Open(path string) (*os.File, int64, error) {
	f, err := os.OpenFile(path, openFlags, 0)
	if err != nil {
		if isLinkLoop(err) {
			return nil, 0, fmt.Errorf("%w: %s is a symlink", ErrNotRegular, path)
		}
		return nil, 0, MarkUnreadable(err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, 0, fmt.Errorf("%w: %s is a %s", ErrNotRegular, path, kind(info.Mode()))
	}
	return f, info.Size(), nil
}

func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "directory"
	case m&os.ModeNamedPipe != 0:
		return "FIFO"
	case m&os.ModeSocket != 0:
		return "socket"
	case m&os.ModeDevice != 0:
		return "device"
	}
	return "special file"
}

// ReadLimited reads all of f, at most limit bytes (size is what Open
// reported); a file that grew past limit since is refused, not truncated.
func ReadLimited(f *os.File, path string, size, limit int64) ([]byte, error) {
	if size > limit {
		return nil, &TooLargeError{Path: path, Size: size, Limit: limit}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, Named(err, path))
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Path: path, Size: int64(len(data)), Limit: limit}
	}
	return data, nil
}

// ReadPath reads the file at path, not confined to a repository (a file
// named on the command line, whose symlinks are followed: the user chose
// it): not a regular file or over limit is refused.
func ReadPath(path string, limit int64) ([]byte, error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil, err
	}
	return readReal(real, limit)
}

// readReal reads a path whose symlinks are resolved.
func readReal(path string, limit int64) ([]byte, error) {
	f, size, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadLimited(f, path, size, limit)
}

// ReadFile reads abs, which must resolve inside root, with every refusal.
func ReadFile(root, abs string, limit int64) ([]byte, error) {
	real, regular, err := (&Resolver{}).Resolve(absolute(root), absolute(abs))
	if err != nil {
		return nil, err
	}
	if !regular {
		return nil, fmt.Errorf("%w: %s", ErrNotRegular, abs)
	}
	return readReal(real, limit)
}
