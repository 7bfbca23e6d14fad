// Package gitrepo reads a git repository through go-git: revisions, file
// contents at a revision and the files changed between two revisions. No git
// binary is needed.
package gitrepo

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// ChangeKind says how a file changed between two revisions.
type ChangeKind string

// The change kinds. A rename is a deletion plus a creation.
const (
	Created  ChangeKind = "created"
	Modified ChangeKind = "modified"
	Deleted  ChangeKind = "deleted"
)

// Change is one changed file.
type Change struct {
	Path string     `json:"path"`
	Kind ChangeKind `json:"kind"`
}

// ErrRevisionMissing is returned when a revision is not in the clone.
var ErrRevisionMissing = errors.New("revision not found")

// Repo is an opened repository.
type Repo struct {
	git  *git.Repository
	root string
	// readers read blobs for Files.ReadFile, several at once.
	readers *blobReaders
}

// Open opens the repository containing dir.
func Open(dir string) (*Repo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("open repository at %s: %w", dir, err)
	}
	r, err := openGit(abs)
	if err != nil {
		return nil, fmt.Errorf("open repository at %s: %w", dir, err)
	}
	wt, err := r.Worktree()
	if err != nil {
		return nil, fmt.Errorf("open repository at %s: %w", dir, err)
	}
	root := wt.Filesystem.Root()
	return &Repo{git: r, root: root, readers: newBlobReaders(root)}, nil
}

// Root returns the absolute path of the work tree.
func (r *Repo) Root() string { return r.root }

// Git exposes the go-git repository for packages that need its objects.
func (r *Repo) Git() *git.Repository { return r.git }

// Commit resolves rev (a SHA, branch, tag, HEAD~1...) to a commit. A
// revision missing from a shallow clone gets an error that says how to fix it.
func (r *Repo) Commit(rev string) (*object.Commit, error) {
	h, err := r.git.ResolveRevision(plumbing.Revision(rev))
	if err == nil {
		var c *object.Commit
		if c, err = r.git.CommitObject(*h); err == nil {
			return c, nil
		}
	}
	if r.isShallow() {
		return nil, fmt.Errorf("%w: %q is not in this clone, which is shallow; fetch the full history (actions/checkout with fetch-depth: 0, or git fetch --unshallow) and run again", ErrRevisionMissing, rev)
	}
	return nil, fmt.Errorf("%w: %q: %v", ErrRevisionMissing, rev, err)
}

func (r *Repo) isShallow() bool {
	shallow, err := r.git.Storer.Shallow()
	if err == nil && len(shallow) > 0 {
		return true
	}
	_, statErr := os.Stat(filepath.Join(r.root, ".git", "shallow"))
	return statErr == nil
}

// ReadFile returns the content of path at commit c; ok is false when the
// file does not exist there.
func (r *Repo) ReadFile(c *object.Commit, path string) (data []byte, ok bool, err error) {
	f, err := c.File(path)
	if errors.Is(err, object.ErrFileNotFound) || errors.Is(err, object.ErrDirectoryNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read %s at %s: %w", path, c.Hash.String()[:12], err)
	}
	s, err := f.Contents()
	if err != nil {
		return nil, false, fmt.Errorf("read %s at %s: %w", path, c.Hash.String()[:12], err)
	}
	return []byte(s), true, nil
}

// Changes lists the files that differ between base and head, sorted by path.
func (r *Repo) Changes(base, head *object.Commit) ([]Change, error) {
	bt, err := base.Tree()
	if err != nil {
		return nil, fmt.Errorf("tree of %s: %w", base.Hash, err)
	}
	ht, err := head.Tree()
	if err != nil {
		return nil, fmt.Errorf("tree of %s: %w", head.Hash, err)
	}
	diff, err := object.DiffTree(bt, ht)
	if err != nil {
		return nil, fmt.Errorf("diff %s..%s: %w", base.Hash, head.Hash, err)
	}
	out := make([]Change, 0, len(diff))
	for _, ch := range diff {
		out = append(out, toChange(ch))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

func toChange(ch *object.Change) Change {
	switch {
	case ch.From.Name == "":
		return Change{Path: ch.To.Name, Kind: Created}
	case ch.To.Name == "":
		return Change{Path: ch.From.Name, Kind: Deleted}
	}
	return Change{Path: ch.To.Name, Kind: Modified}
}
