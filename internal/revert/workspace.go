package revert

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/sandbox"
)

// Workspace is a clone of the repository with history, checked out at
// head, where governed paths are set back to their base versions.
type Workspace struct {
	// Dir is the work tree; the suite runs here.
	Dir  string
	repo *gitrepo.Repo
	tree *sandbox.Tree
	root *os.Root
}

// NewWorkspace clones repo's repository at head into a new temporary
// directory (see sandbox.Clone: no remote, no credentials).
func NewWorkspace(ctx context.Context, repo *gitrepo.Repo, head *object.Commit) (*Workspace, error) {
	tree, err := sandbox.Clone(ctx, repo.Root(), head.Hash.String())
	if err != nil {
		return nil, fmt.Errorf("revert workspace: %w", err)
	}
	w := &Workspace{Dir: tree.Dir, repo: repo, tree: tree}
	if w.root, err = os.OpenRoot(tree.Dir); err != nil {
		w.Close()
		return nil, fmt.Errorf("revert workspace: %w", err)
	}
	return w, nil
}

// Restore sets b's path back to b, the base version from the snapshot,
// after checking its hash (a mismatch wraps gitrepo.ErrTampered).
func (w *Workspace) Restore(b gitrepo.Blob) error {
	if err := gitrepo.PlaceBlob(w.root, b); err != nil {
		return fmt.Errorf("restore %s to base: %w", b.Path, err)
	}
	return nil
}

// Reapply sets path back to its head version from heads, or removes it
// when head has none (the change deleted it), undoing Restore.
func (w *Workspace) Reapply(heads *gitrepo.Snapshot, path string) error {
	b, err := heads.Blob(path)
	switch {
	case errors.Is(err, gitrepo.ErrNoVersion):
		err = w.repo.Remove(w.root, path)
	case err == nil:
		err = gitrepo.PlaceBlob(w.root, b)
	}
	if err != nil {
		return fmt.Errorf("put %s back to head: %w", path, err)
	}
	return nil
}

// Mounts is what the suite sees in the sandbox.
func (w *Workspace) Mounts() sandbox.Mounts { return w.tree.Mounts() }

// Close removes the clone.
func (w *Workspace) Close() {
	if w.root != nil {
		w.root.Close()
	}
	w.tree.Close()
}
