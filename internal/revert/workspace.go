package revert

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/rundir"
	"github.com/storygate/storygate/internal/sandbox"
)

// Workspace is a clone of the repository with history, checked out at
// head, where governed paths are set back to their base versions, and the
// build cache its suite runs share.
type Workspace struct {
	// Dir is the work tree; paths are restored relative to it.
	Dir string
	// Work is the stories' root in the clone (sandbox.Tree.Work): Dir, or
	// the subdirectory the root is in its repository. The suite runs here.
	Work string
	repo *gitrepo.Repo
	tree *sandbox.Tree
	root *os.Root
	// cache is the check's own build cache (see Env), beside the clone so
	// that the clone's git status stays clean.
	cache string
	// caches are the check's layers over the runner's caches (shareCaches);
	// nil without a sandbox.
	caches *sandbox.CacheSet
}

// errRootMoved says the root is no longer where the check matched the
// governed prefixes: between finding it and cloning, a directory on its
// path became a symlink elsewhere (code from the change can do that to
// an unsandboxed checkout). The check cannot decide: could_not_run.
var errRootMoved = errors.New("the root resolves to another directory of the repository than the one its governed prefixes were matched in")

// NewWorkspace clones repo's repository at head into a new temporary
// directory (see sandbox.Clone: no remote, no credentials), with the
// suite to run at the top.
func NewWorkspace(ctx context.Context, repo *gitrepo.Repo, head *object.Commit) (*Workspace, error) {
	return newWorkspace(ctx, repo, ".", head)
}

// newWorkspace is NewWorkspace with the suite to run in root, the
// stories' root as Options.Root gives it. The clone resolves root on its
// own (Tree.Work); a different answer is errRootMoved.
func newWorkspace(ctx context.Context, repo *gitrepo.Repo, root string, head *object.Commit) (*Workspace, error) {
	tree, err := sandbox.Clone(ctx, sandbox.Source{Top: repo.Root(), Place: root, Commit: head.Hash.String()})
	if err != nil {
		return nil, fmt.Errorf("revert workspace: %w", err)
	}
	w := &Workspace{Dir: tree.Dir, Work: tree.Work, repo: repo, tree: tree}
	if rel, err := filepath.Rel(tree.Dir, tree.Work); err != nil || filepath.ToSlash(rel) != path.Clean("./"+root) {
		w.Close()
		return nil, fmt.Errorf("revert workspace: %w: %s, not %s", errRootMoved, filepath.ToSlash(rel), root)
	}
	if w.root, err = os.OpenRoot(tree.Dir); err != nil {
		w.Close()
		return nil, fmt.Errorf("revert workspace: %w", err)
	}
	if w.cache, err = rundir.Temp("cache"); err != nil {
		w.Close()
		return nil, fmt.Errorf("revert workspace: build cache: %w", err)
	}
	return w, nil
}

// Restore sets b's path back to b, the base version from the snapshot,
// after checking its hash (a mismatch wraps gitrepo.ErrTampered), and
// tells the tree (Tree.Wrote), so that the next suite run gets it as its
// own.
func (w *Workspace) Restore(b gitrepo.Blob) error {
	if err := gitrepo.PlaceBlob(w.root, b); err != nil {
		return fmt.Errorf("restore %s to base: %w", b.Path, err)
	}
	w.tree.Wrote(b.Path)
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
		if err = gitrepo.PlaceBlob(w.root, b); err == nil {
			w.tree.Wrote(path)
		}
	}
	if err != nil {
		return fmt.Errorf("put %s back to head: %w", path, err)
	}
	return nil
}

// cacheVars are the variables that choose a build cache: Go's (build
// outputs and test results), and the XDG base every tool without a
// variable of its own caches under (Go's default included).
var cacheVars = []string{"GOCACHE", "XDG_CACHE_HOME"}

// Env is the suite's environment. In the sandbox, whose home is an empty
// tmpfs made anew for every command, it points the build cache variables
// into the check's own cache, which every suite run of the check shares:
// the baseline run compiles, the reverted runs reuse what did not change.
// That cache starts empty, lives as long as the check and is removed with
// it, so nothing the change's code writes there reaches another check,
// storygate's own state or a later step of the job (the runner's GOCACHE
// would let the suite plant build outputs that a trusted build later
// links). Unisolated, the suite can write anywhere the user can, so the
// caller's cache is left as it is (shared by the runs, since the clone
// keeps its path).
func (w *Workspace) Env(env []string, isolated bool) []string {
	if !isolated {
		return env
	}
	out := make([]string, 0, len(env)+len(cacheVars))
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(cacheVars, name) {
			out = append(out, kv)
		}
	}
	return append(out, "GOCACHE="+filepath.Join(w.cache, "go-build"), "XDG_CACHE_HOME="+filepath.Join(w.cache, "xdg"))
}

// Mounts is what the suite sees in the sandbox: the clone and the cache
// writable, the borrowed objects read-only, and the check's private
// layers over the runner's caches (shareCaches).
func (w *Workspace) Mounts() sandbox.Mounts {
	m := w.tree.Mounts()
	m.Writable, m.Caches = append(m.Writable, w.cache), w.caches
	return m
}

// Close removes the clone.
func (w *Workspace) Close() {
	if w.root != nil {
		w.root.Close()
	}
	if w.cache != "" {
		sandbox.RemoveTree(w.cache)
	}
	w.caches.Close()
	w.tree.Close()
}

// shareCaches gives every suite run of the check the same private layers
// over the runner's module and build caches (sandbox.CacheSet): the
// baseline run starts from the runner's warm build cache, the reverted
// runs from what the baseline added; nothing reaches another check or the
// runner. In the sandbox GOCACHE then names the layer, not the check's
// own cache directory that Env names.
func (w *Workspace) shareCaches(sb *sandbox.Sandbox, env []string) error {
	var err error
	if w.caches, err = sb.Caches(env, w.Dir, w.Work); err != nil {
		return fmt.Errorf("revert workspace: caches: %w", err)
	}
	return nil
}
