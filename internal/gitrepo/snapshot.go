package gitrepo

import (
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// ErrTampered is returned when an object read from the repository does not
// have the hash it is named by: its file in .git/objects was rewritten
// (by code from the change under review, typically), so its content must
// not be trusted.
var ErrTampered = errors.New("object does not match its hash")

// Blob is one file version read with every object hash on the way checked:
// the commit, each tree down to the file, and the file itself.
type Blob struct {
	Path    string
	Hash    plumbing.Hash
	Mode    filemode.FileMode
	Content []byte
}

// Verify recomputes the blob's object hash from its content.
func (b Blob) Verify() error {
	if got := plumbing.ComputeHash(plumbing.BlobObject, b.Content); got != b.Hash {
		return fmt.Errorf("%w: %s should be blob %s, its content hashes to %s", ErrTampered, b.Path, b.Hash, got)
	}
	return nil
}

// Snapshot is the version of a set of paths at one commit, read into
// memory with hashes checked. The revert check takes it before any command
// from the change runs, so restoring a path never reads an object store
// that command could have rewritten.
type Snapshot struct {
	Commit plumbing.Hash
	blobs  map[string]Blob
}

// Blob returns path's version; an error wrapping ErrNoVersion when the
// commit has no file there, or the one that stopped reading it.
func (s *Snapshot) Blob(p string) (Blob, error) {
	b, ok := s.blobs[p]
	if !ok {
		return Blob{}, fmt.Errorf("%w: %s at %s", ErrNoVersion, p, s.Commit.String()[:12])
	}
	return b, nil
}

// Snapshot reads every path's version at commit, checking each object's
// hash. A path without a file version there is left out (Blob reports it);
// an object that does not match its hash is an error wrapping ErrTampered.
func (r *Repo) Snapshot(commit plumbing.Hash, paths []string) (*Snapshot, error) {
	s := &Snapshot{Commit: commit, blobs: map[string]Blob{}}
	obj, err := r.verified(plumbing.CommitObject, commit)
	if err != nil {
		return nil, err
	}
	var c object.Commit
	if err := c.Decode(obj); err != nil {
		return nil, fmt.Errorf("decode commit %s: %w", commit, err)
	}
	for _, p := range paths {
		b, err := r.verifiedBlob(c.TreeHash, p)
		if errors.Is(err, ErrNoVersion) {
			continue
		}
		if err != nil {
			return nil, err
		}
		s.blobs[p] = b
	}
	return s, nil
}

// verifiedBlob walks from the tree to rel, one checked tree at a time.
func (r *Repo) verifiedBlob(tree plumbing.Hash, rel string) (Blob, error) {
	if err := checkRel(rel); err != nil {
		return Blob{}, err
	}
	parts := strings.Split(rel, "/")
	for i, name := range parts {
		entry, err := r.treeEntry(tree, name)
		if err != nil {
			return Blob{}, fmt.Errorf("%w (%s)", err, rel)
		}
		if i < len(parts)-1 {
			if entry.Mode != filemode.Dir {
				return Blob{}, fmt.Errorf("%w: %s (%s is not a directory)", ErrNoVersion, rel, path.Join(parts[:i+1]...))
			}
			tree = entry.Hash
			continue
		}
		if entry.Mode == filemode.Dir || entry.Mode == filemode.Submodule {
			return Blob{}, fmt.Errorf("%w: %s is a %s", ErrNoVersion, rel, entry.Mode)
		}
		content, err := r.verifiedContent(plumbing.BlobObject, entry.Hash)
		if err != nil {
			return Blob{}, fmt.Errorf("%s: %w", rel, err)
		}
		return Blob{Path: rel, Hash: entry.Hash, Mode: entry.Mode, Content: content}, nil
	}
	return Blob{}, fmt.Errorf("%w: %q", ErrUnsafePath, rel)
}

func (r *Repo) treeEntry(tree plumbing.Hash, name string) (object.TreeEntry, error) {
	obj, err := r.verified(plumbing.TreeObject, tree)
	if err != nil {
		return object.TreeEntry{}, err
	}
	var t object.Tree
	if err := t.Decode(obj); err != nil {
		return object.TreeEntry{}, fmt.Errorf("decode tree %s: %w", tree, err)
	}
	for _, e := range t.Entries {
		if e.Name == name {
			return e, nil
		}
	}
	return object.TreeEntry{}, fmt.Errorf("%w: no %s in tree %s", ErrNoVersion, name, tree.String()[:12])
}

// verified reads an object and returns it only when its content hashes to
// h; the returned object is the checked bytes, never a second read.
func (r *Repo) verified(t plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, error) {
	content, err := r.verifiedContent(t, h)
	if err != nil {
		return nil, err
	}
	obj := &plumbing.MemoryObject{}
	obj.SetType(t)
	if _, err := obj.Write(content); err != nil {
		return nil, fmt.Errorf("buffer %s %s: %w", t, h, err)
	}
	return obj, nil
}

func (r *Repo) verifiedContent(t plumbing.ObjectType, h plumbing.Hash) ([]byte, error) {
	obj, err := r.git.Storer.EncodedObject(t, h)
	if err != nil {
		return nil, fmt.Errorf("read %s %s: %w", t, h, err)
	}
	rd, err := obj.Reader()
	if err != nil {
		return nil, fmt.Errorf("read %s %s: %w", t, h, err)
	}
	defer rd.Close()
	content, err := io.ReadAll(rd)
	if err != nil {
		return nil, fmt.Errorf("read %s %s: %w", t, h, err)
	}
	if got := plumbing.ComputeHash(t, content); got != h {
		return nil, fmt.Errorf("%w: %s %s hashes to %s; the object store was modified", ErrTampered, t, h, got)
	}
	return content, nil
}
