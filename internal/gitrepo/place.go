package gitrepo

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// ErrNoVersion is returned by Place when the path has no file version at the
// commit: it is absent, a directory, or a submodule.
var ErrNoVersion = errors.New("no file version")

// Place makes rel inside the directory root hold exactly its version at
// commit c, read with every object hash checked (see Snapshot).
func (r *Repo) Place(c *object.Commit, root *os.Root, rel string) error {
	snap, err := r.Snapshot(c.Hash, []string{rel})
	if err != nil {
		return err
	}
	b, err := snap.Blob(rel)
	if err != nil {
		return err
	}
	return PlaceBlob(root, b)
}

// PlaceBlob makes b.Path inside the directory root hold exactly b: content
// and mode for a file, the link itself for a symlink, after checking that
// the content still hashes to b.Hash. Whatever was at the path before (a
// file, a link, a directory) is removed first; a symlink is removed as a
// link, never followed. A file or symlink where a parent directory belongs
// is replaced by a directory, as git checkout does, so no write passes
// through a link; and every write goes through os.Root, which refuses to
// leave root in any case.
func PlaceBlob(root *os.Root, b Blob) error {
	if err := checkRel(b.Path); err != nil {
		return err
	}
	if err := b.Verify(); err != nil {
		return err
	}
	if err := prepareParent(root, b.Path); err != nil {
		return err
	}
	if err := root.RemoveAll(b.Path); err != nil {
		return fmt.Errorf("clear %s: %w", b.Path, err)
	}
	return writeVersion(root, b)
}

// Remove deletes rel inside root, as it is at a commit where rel does not
// exist, with the same guarantees as Place.
func (r *Repo) Remove(root *os.Root, rel string) error {
	if err := checkRel(rel); err != nil {
		return err
	}
	// Behind a symlink or a file, rel does not exist in this tree; removing
	// "through" the link would delete a different file.
	if dir := path.Dir(rel); dir != "." {
		if blocker, err := firstNonDir(root, dir); err != nil || blocker != "" {
			return err
		}
	}
	if err := root.RemoveAll(rel); err != nil {
		return fmt.Errorf("remove %s: %w", rel, err)
	}
	return nil
}

// checkRel accepts only clean, relative, slash-separated paths.
func checkRel(rel string) error {
	if rel == "" || path.IsAbs(rel) || path.Clean(rel) != rel || strings.HasPrefix(rel, "../") || rel == ".." {
		return fmt.Errorf("%w: %q", ErrUnsafePath, rel)
	}
	for _, part := range strings.Split(rel, "/") {
		if err := checkName(part); err != nil {
			return err
		}
	}
	return nil
}

// prepareParent makes every parent of rel a real directory. A file or a
// symlink where a directory belongs is removed as git checkout removes it;
// the removal takes the link itself, so nothing outside is touched.
func prepareParent(root *os.Root, rel string) error {
	dir := path.Dir(rel)
	if dir == "." {
		return nil
	}
	if blocker, err := firstNonDir(root, dir); err != nil {
		return err
	} else if blocker != "" {
		if err := root.Remove(blocker); err != nil {
			return fmt.Errorf("replace %s by a directory: %w", blocker, err)
		}
	}
	if err := root.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	return nil
}

// firstNonDir walks dir's components from the top and returns the first one
// that exists but is not a real directory (a symlink counts as not one), or
// "" when there is none.
func firstNonDir(root *os.Root, dir string) (string, error) {
	parts := strings.Split(dir, "/")
	for i := range parts {
		p := strings.Join(parts[:i+1], "/")
		info, err := root.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return "", nil
		}
		if err != nil {
			return "", fmt.Errorf("inspect %s: %w", p, err)
		}
		if !info.IsDir() {
			return p, nil
		}
	}
	return "", nil
}

func writeVersion(root *os.Root, b Blob) error {
	if b.Mode == filemode.Symlink {
		if err := root.Symlink(string(b.Content), b.Path); err != nil {
			return fmt.Errorf("link %s: %w", b.Path, err)
		}
		return nil
	}
	perm := fileMode(b.Mode)
	if err := root.WriteFile(b.Path, b.Content, perm); err != nil {
		return fmt.Errorf("write %s: %w", b.Path, err)
	}
	// WriteFile's mode passes through the umask; a checkout's exec bit must not.
	if err := root.Chmod(b.Path, perm); err != nil {
		return fmt.Errorf("chmod %s: %w", b.Path, err)
	}
	return nil
}
