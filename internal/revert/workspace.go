package revert

import (
	"context"
	"fmt"
	"os"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/sandbox"
)

// Workspace is a clone of the repository with history, checked out at
// head, where governed paths are set back to their base versions. Every
// suite run gets a fresh one, so nothing a run leaves behind (a marker
// file, a cache, a rewritten test) reaches the run that decides.
type Workspace struct {
	// Dir is the work tree; the suite runs here.
	Dir  string
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
	w := &Workspace{Dir: tree.Dir, tree: tree}
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

// Mounts is what the suite sees in the sandbox.
func (w *Workspace) Mounts() sandbox.Mounts { return w.tree.Mounts() }

// Close removes the clone.
func (w *Workspace) Close() {
	if w.root != nil {
		w.root.Close()
	}
	w.tree.Close()
}
