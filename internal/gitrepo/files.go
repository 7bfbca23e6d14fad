package gitrepo

import (
	"crypto/sha1"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"

	"github.com/storygate/storygate/internal/rootpath"
)

// Files reads the files of one commit by path. Each directory of the
// commit's tree is decoded at most once (go-git's Commit.File decodes the
// root and every directory on the path again for every file, which made
// reading the base of 10,000 stories cost 10,000 decodes of the stories/
// tree). Safe for concurrent use: go-git's object storage is not, so every
// read holds a lock.
type Files struct {
	repo   *Repo
	commit *object.Commit
	mu     *sync.Mutex
	dirs   map[string]*object.Tree // by directory path; "" is the root
	// under is the directory (as PathOf gives it) paths are relative to;
	// "" for the top.
	under string
	// batch, when set, reads the blobs first (Using).
	batch *Batch
}

// Using is a reader of the same files that reads their blobs through b
// first, and through go-git when b cannot give one.
func (f *Files) Using(b *Batch) *Files {
	g := *f
	g.batch = b
	return &g
}

// FilesAt returns a reader of the files of commit c.
func (r *Repo) FilesAt(c *object.Commit) (*Files, error) {
	root, err := c.Tree()
	if err != nil {
		return nil, fmt.Errorf("tree of %s: %w", short(c), err)
	}
	return &Files{repo: r, commit: c, mu: &sync.Mutex{}, dirs: map[string]*object.Tree{"": root}}, nil
}

// In is a reader of the same commit's files by paths relative to dir (as
// PathOf gives it), sharing f's decoded trees: a root's story paths read
// at the root's place in the commit. A path that is not clean, or climbs
// out of dir, names no file.
func (f *Files) In(dir string) *Files {
	g := *f
	if !rootpath.AtTop(dir) {
		g.under = rootpath.RepoPath(f.under, dir)
	}
	return &g
}

// at is the repository path of p, ok false when p is not a clean path
// inside f's directory.
func (f *Files) at(p string) (string, bool) {
	if f.under == "" {
		return p, true
	}
	if path.Clean(p) != p || p == ".." || strings.HasPrefix(p, "../") || path.IsAbs(p) {
		return "", false
	}
	return rootpath.RepoPath(f.under, p), true
}

// BlobHash is the git object id of a blob holding data: a file on disk
// whose BlobHash is the hash Files.Hash gives has the commit's content,
// and an answer of `git cat-file` whose BlobHash is the id asked for is
// that object. Both checks are against substitution (a changed work
// tree, a false git on PATH), which a SHA-1 second preimage alone would
// pass, so plain SHA-1 (hardware-accelerated) answers them: collision
// detection (go-git's sha1cd, about three times slower, a tenth of the
// gate's CPU on a large change) guards against pairs of colliding
// objects crafted in advance, which GitHub, whose git detects them,
// refuses to store (docs/action.md, "Reading the base").
func BlobHash(data []byte) plumbing.Hash {
	h := sha1.New()
	h.Write([]byte("blob " + strconv.Itoa(len(data)) + "\x00"))
	h.Write(data)
	var id plumbing.Hash
	h.Sum(id[:0])
	return id
}

// Hash returns the blob hash of the file at p; ok is false when the commit
// has no file there (nothing, a directory or a submodule).
func (f *Files) Hash(p string) (h plumbing.Hash, ok bool, err error) {
	p, inside := f.at(p)
	if !inside {
		return plumbing.ZeroHash, false, nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	e, err := f.entry(p)
	if err != nil || e == nil {
		return plumbing.ZeroHash, false, err
	}
	return e.Hash, true, nil
}

// ReadFile returns the content of the file at p; ok is false when the
// commit has no file there. A symbolic link reads as its target, as
// Commit.File reads it. Goroutines read blobs side by side (blobReaders);
// only finding the file's entry holds the lock.
func (f *Files) ReadFile(p string) (data []byte, ok bool, err error) {
	p, inside := f.at(p)
	if !inside {
		return nil, false, nil
	}
	f.mu.Lock()
	e, err := f.entry(p)
	f.mu.Unlock()
	if err != nil || e == nil {
		return nil, false, err
	}
	if data, ok := f.batch.read(e.Hash); ok {
		return data, true, nil
	}
	data, err = f.repo.readers.read(e.Hash)
	if err != nil {
		return nil, false, fmt.Errorf("read %s at %s: %w", p, short(f.commit), err)
	}
	return data, true, nil
}

func (f *Files) blob(h plumbing.Hash) ([]byte, error) { return readBlob(f.repo.git.Storer, h) }

// readBlob reads blob h from s, which no other goroutine may use meanwhile.
func readBlob(s storer.EncodedObjectStorer, h plumbing.Hash) ([]byte, error) {
	b, err := object.GetBlob(s, h)
	if err != nil {
		return nil, err
	}
	rd, err := b.Reader()
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	// Read straight into a buffer of the blob's size: a copy buffer per
	// read was 32 KB of garbage per story in a gate over 10,000 changed
	// stories. A blob that says one size and holds another is read as it is.
	data := make([]byte, b.Size)
	n, err := io.ReadFull(rd, data)
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return data[:n], nil
	case err != nil:
		return nil, err
	}
	rest, err := io.ReadAll(rd)
	if err != nil {
		return nil, err
	}
	return append(data, rest...), nil
}

// entry finds the tree entry of the file at p, nil when there is none.
func (f *Files) entry(p string) (*object.TreeEntry, error) {
	dir, name := path.Split(p)
	if name == "" {
		return nil, nil
	}
	t, err := f.dir(path.Clean("/" + dir)[1:])
	if err != nil || t == nil {
		return nil, err
	}
	e, err := t.FindEntry(name)
	if errors.Is(err, object.ErrEntryNotFound) || errors.Is(err, object.ErrDirectoryNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("find %s at %s: %w", p, short(f.commit), err)
	}
	if e.Mode == filemode.Dir || e.Mode == filemode.Submodule {
		return nil, nil
	}
	return e, nil
}

// dir returns the tree of directory d ("" for the root), decoding it and
// its parents the first time; nil when the commit has no such directory.
func (f *Files) dir(d string) (*object.Tree, error) {
	if t, ok := f.dirs[d]; ok {
		return t, nil
	}
	parentDir, name := path.Split(d)
	parent, err := f.dir(path.Clean("/" + parentDir)[1:])
	if err != nil || parent == nil {
		return nil, err
	}
	var t *object.Tree
	e, err := parent.FindEntry(name)
	switch {
	case errors.Is(err, object.ErrEntryNotFound) || errors.Is(err, object.ErrDirectoryNotFound):
	case err != nil:
		return nil, fmt.Errorf("find %s at %s: %w", d, short(f.commit), err)
	case e.Mode == filemode.Dir:
		if t, err = f.repo.git.TreeObject(e.Hash); err != nil {
			return nil, fmt.Errorf("tree %s at %s: %w", d, short(f.commit), err)
		}
	}
	f.dirs[d] = t // a missing directory is remembered as nil
	return t, nil
}
