package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// FS returns the directory dir (inside root) as an fs.FS whose files are
// read with every refusal of ReadFile and at most limit bytes: for the
// loaders that walk a directory (stage sets, record suites). Directories
// are listed as os.DirFS lists them.
func FS(root, dir string, limit int64) fs.FS {
	return &dirFS{root: absolute(root), dir: absolute(dir), limit: limit, res: &Resolver{}}
}

func absolute(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}

type dirFS struct {
	root, dir string
	limit     int64
	res       *Resolver
}

func (d *dirFS) path(op, name string) (string, error) {
	if !fs.ValidPath(name) {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	return filepath.Join(d.dir, filepath.FromSlash(name)), nil
}

// Open opens a directory for listing, or a file through the refusals.
func (d *dirFS) Open(name string) (fs.File, error) {
	abs, err := d.path("open", name)
	if err != nil {
		return nil, err
	}
	real, regular, err := d.res.Resolve(d.root, abs)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	if info, serr := os.Stat(real); serr == nil && info.IsDir() {
		dir, err := os.Open(real)
		if err != nil {
			return nil, MarkUnreadable(err)
		}
		return dir, nil
	}
	if !regular {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("%w: %s", ErrNotRegular, name)}
	}
	f, size, err := Open(real)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	if size > d.limit {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: &TooLargeError{Path: name, Size: size, Limit: d.limit}}
	}
	return f, nil
}

// ReadFile reads name through the refusals, at most the FS's limit.
func (d *dirFS) ReadFile(name string) ([]byte, error) {
	abs, err := d.path("read", name)
	if err != nil {
		return nil, err
	}
	data, err := ReadFile(d.root, abs, d.limit)
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	return data, nil
}

// ReadDir lists a directory of the tree.
func (d *dirFS) ReadDir(name string) ([]fs.DirEntry, error) {
	abs, err := d.path("readdir", name)
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(abs)
	return entries, MarkUnreadable(err)
}

// Stat describes name as Open would find it; outside the repository is an
// error, as for Open.
func (d *dirFS) Stat(name string) (fs.FileInfo, error) {
	abs, err := d.path("stat", name)
	if err != nil {
		return nil, err
	}
	real, _, err := d.res.Resolve(d.root, abs)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
		}
		return nil, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	info, err := os.Stat(real)
	return info, MarkUnreadable(err)
}

// Refused reports whether err is one of the refusals (not, say, a file
// that does not exist).
func Refused(err error) bool {
	return errors.Is(err, ErrOutside) || errors.Is(err, ErrNotRegular) || errors.Is(err, ErrTooLarge) || errors.Is(err, ErrRootLink)
}

// RepoRoot is the work tree containing dir (the nearest parent holding a
// .git), or dir itself when there is none: the repository a loader given
// only a directory confines its reads to.
func RepoRoot(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	for p := abs; ; p = filepath.Dir(p) {
		if _, err := os.Lstat(filepath.Join(p, ".git")); err == nil {
			return p
		}
		if filepath.Dir(p) == p {
			return abs
		}
	}
}

// RuleOutsideRepository is the story loader's rule for a file that
// resolves outside the repository; every loader reports the refusal with it.
const RuleOutsideRepository = "input/outside-repository"

// Explain says why a refused file was refused, in words for a finding on
// a file of the given kind ("stage file", "record"), quoting nothing of
// a link's target.
func Explain(err error, kind string, limit int64) string {
	switch {
	case errors.Is(err, ErrOutside):
		return "the file is a symlink that resolves outside the repository; storygate reads only files inside it"
	case errors.Is(err, ErrTooLarge):
		return fmt.Sprintf("the file is over the %d-byte limit for a %s", limit, kind)
	}
	return fmt.Sprintf("not a regular file (a directory, FIFO, socket or device); a %s is a text file", kind)
}
