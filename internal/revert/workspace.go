package revert

import (
	"errors"
	"fmt"
	"os"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/gitrepo"
)

// Workspace is the head tree materialized in a temporary directory, where
// governed paths are set back to their base versions.
type Workspace struct {
	// Dir is the materialized tree; the suite runs here.
	Dir        string
	repo       *gitrepo.Repo
	base, head *object.Commit
	root       *os.Root
}

// NewWorkspace materializes head into a new temporary directory.
func NewWorkspace(repo *gitrepo.Repo, base, head *object.Commit) (*Workspace, error) {
	dir, err := os.MkdirTemp("", "storygate-revert-*")
	if err != nil {
		return nil, fmt.Errorf("revert workspace: %w", err)
	}
	w := &Workspace{Dir: dir, repo: repo, base: base, head: head}
	if err := repo.Materialize(head, dir); err != nil {
		w.Close()
		return nil, fmt.Errorf("revert workspace: %w", err)
	}
	if w.root, err = os.OpenRoot(dir); err != nil {
		w.Close()
		return nil, fmt.Errorf("revert workspace: %w", err)
	}
	return w, nil
}

// Restore sets path back to its base version. A path with no file version
// at base gets an error wrapping gitrepo.ErrNoVersion.
func (w *Workspace) Restore(path string) error {
	if err := w.repo.Place(w.base, w.root, path); err != nil {
		return fmt.Errorf("restore %s to base: %w", path, err)
	}
	return nil
}

// Reapply sets path back to its head version, or removes it when head has
// none (the change deleted it), undoing Restore.
func (w *Workspace) Reapply(path string) error {
	err := w.repo.Place(w.head, w.root, path)
	if errors.Is(err, gitrepo.ErrNoVersion) {
		err = w.repo.Remove(w.root, path)
	}
	if err != nil {
		return fmt.Errorf("put %s back to head: %w", path, err)
	}
	return nil
}

// Close removes the temporary tree. Removal problems are not errors of the
// check: the directory is a temporary one.
func (w *Workspace) Close() {
	if w.root != nil {
		w.root.Close()
	}
	makeWritable(w.Dir)
	_ = os.RemoveAll(w.Dir)
}
