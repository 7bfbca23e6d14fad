package gitrepo

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// ErrUnsafePath is returned for a tree entry or path that could write
// outside the target directory or into a .git directory.
var ErrUnsafePath = errors.New("unsafe path")

// Materialize writes the tree of commit c into dir, which must exist and be
// empty, the way a checkout would: regular and executable files with their
// modes, symbolic links as links (never followed), submodules as empty
// directories. No index and no .git are written. Every directory is created
// here, fresh, before anything is written inside it, and every file is
// created exclusively, so no write can pass through a symlink, and entry
// names that could climb out of dir are refused.
func (r *Repo) Materialize(c *object.Commit, dir string) error {
	tree, err := c.Tree()
	if err != nil {
		return fmt.Errorf("materialize %s: %w", short(c), err)
	}
	m := materializer{repo: r, buf: make([]byte, 64<<10)}
	if err := m.tree(tree, dir); err != nil {
		return fmt.Errorf("materialize %s into %s: %w", short(c), dir, err)
	}
	return nil
}

type materializer struct {
	repo *Repo
	buf  []byte
}

func (m *materializer) tree(t *object.Tree, dir string) error {
	for _, e := range t.Entries {
		if err := checkName(e.Name); err != nil {
			return err
		}
		if err := m.entry(e, filepath.Join(dir, e.Name)); err != nil {
			return err
		}
	}
	return nil
}

func (m *materializer) entry(e object.TreeEntry, path string) error {
	switch e.Mode {
	case filemode.Dir:
		sub, err := m.repo.git.TreeObject(e.Hash)
		if err != nil {
			return fmt.Errorf("tree %s: %w", e.Name, err)
		}
		if err := os.Mkdir(path, 0o755); err != nil {
			return err
		}
		return m.tree(sub, path)
	case filemode.Submodule:
		return os.Mkdir(path, 0o755)
	case filemode.Symlink:
		target, err := m.blobString(e.Hash)
		if err != nil {
			return err
		}
		return os.Symlink(target, path)
	}
	return m.file(e.Hash, path, fileMode(e.Mode))
}

// file creates path exclusively (O_EXCL refuses an existing name, symlink
// or not) and streams the blob into it.
func (m *materializer) file(h plumbing.Hash, path string, perm os.FileMode) error {
	blob, err := m.repo.git.BlobObject(h)
	if err != nil {
		return fmt.Errorf("blob for %s: %w", path, err)
	}
	rd, err := blob.Reader()
	if err != nil {
		return fmt.Errorf("blob for %s: %w", path, err)
	}
	defer rd.Close()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, err = io.CopyBuffer(onlyWriter{f}, rd, m.buf)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// onlyWriter hides ReadFrom so io.CopyBuffer uses our reusable buffer.
type onlyWriter struct{ io.Writer }

func (m *materializer) blobString(h plumbing.Hash) (string, error) {
	blob, err := m.repo.git.BlobObject(h)
	if err != nil {
		return "", fmt.Errorf("blob %s: %w", h, err)
	}
	rd, err := blob.Reader()
	if err != nil {
		return "", fmt.Errorf("blob %s: %w", h, err)
	}
	defer rd.Close()
	b, err := io.ReadAll(rd)
	return string(b), err
}

// fileMode maps a git file mode to the permission bits a checkout uses.
func fileMode(m filemode.FileMode) os.FileMode {
	if m == filemode.Executable {
		return 0o755
	}
	return 0o644
}

// checkName refuses entry names a well-formed tree never holds but a
// crafted one might: empty, dot names, separators, NUL and .git.
func checkName(name string) error {
	switch {
	case name == "" || name == "." || name == "..":
	case strings.ContainsAny(name, "/\\\x00"):
	case strings.EqualFold(name, ".git"):
	default:
		return nil
	}
	return fmt.Errorf("%w: tree entry %q", ErrUnsafePath, name)
}

func short(c *object.Commit) string { return c.Hash.String()[:12] }
