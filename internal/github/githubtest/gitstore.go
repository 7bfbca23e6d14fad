package githubtest

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage/memory"
)

// gitStore is GitHub's copy of one repository's git objects. What tests
// push is read from the repository they push from (Backing); the commits
// the contents API makes are written to the fake's own memory, which no
// test checkout sees until it pulls them (Pull), as on GitHub.
type gitStore struct {
	own    *memory.Storage
	pushed storer.EncodedObjectStorer
}

// objects reads the fake's own objects first, then the pushed ones, and
// writes only its own.
type objects struct {
	*memory.ObjectStorage
	pushed storer.EncodedObjectStorer
}

// EncodedObject reads the fake's own object, else one tests pushed.
func (o objects) EncodedObject(t plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, error) {
	obj, err := o.ObjectStorage.EncodedObject(t, h)
	if errors.Is(err, plumbing.ErrObjectNotFound) && o.pushed != nil {
		return o.pushed.EncodedObject(t, h)
	}
	return obj, err
}

// HasEncodedObject reports whether either store holds h.
func (o objects) HasEncodedObject(h plumbing.Hash) error {
	if err := o.ObjectStorage.HasEncodedObject(h); err == nil || o.pushed == nil {
		return err
	}
	return o.pushed.HasEncodedObject(h)
}

// EncodedObjectSize is h's size in whichever store holds it.
func (o objects) EncodedObjectSize(h plumbing.Hash) (int64, error) {
	n, err := o.ObjectStorage.EncodedObjectSize(h)
	if errors.Is(err, plumbing.ErrObjectNotFound) && o.pushed != nil {
		return o.pushed.EncodedObjectSize(h)
	}
	return n, err
}

func (g *gitStore) objects() objects {
	return objects{ObjectStorage: &g.own.ObjectStorage, pushed: g.pushed}
}

// Backing makes root's repository GitHub's copy of what tests push to repo
// (Push names commits made there): the contents API then makes real git
// commits on top of them, in the fake's own object store, which root does
// not see. Without it the contents API's commits have made-up SHAs and
// no objects.
func (s *Server) Backing(repo, root string) {
	r, err := git.PlainOpen(root)
	if err != nil {
		s.t.Fatalf("fake GitHub: open %s as %s: %v", root, repo, err)
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	s.st.gitStore(repo).pushed = r.Storer
}

func (st *state) gitStore(repo string) *gitStore {
	g, ok := st.git[repo]
	if !ok {
		g = &gitStore{own: memory.NewStorage()}
		st.git[repo] = g
	}
	return g
}

// Pull fetches the fake's own commits into root's repository and, when
// root's HEAD is behind branch's head, fast-forwards it and its work tree
// there, as `git pull --ff-only` (or the checkout of a later job) would.
func (s *Server) Pull(repo, branch, root string) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	last := s.st.lastPush(repo, branch)
	if last == nil {
		return
	}
	if _, ok := s.st.gitStore(repo).commitAt(last.After); !ok {
		return // no Backing: the fake holds no history to pull
	}
	if err := s.st.gitStore(repo).fetchInto(root, plumbing.NewHash(last.After)); err != nil {
		s.t.Fatalf("fake GitHub: pull %s of %s into %s: %v", branch, repo, root, err)
	}
}

func (g *gitStore) fetchInto(root string, head plumbing.Hash) error {
	r, err := git.PlainOpen(root)
	if err != nil {
		return fmt.Errorf("open: %w", err)
	}
	iter, err := g.own.IterEncodedObjects(plumbing.AnyObject)
	if err != nil {
		return fmt.Errorf("list objects: %w", err)
	}
	err = iter.ForEach(func(obj plumbing.EncodedObject) error {
		_, err := r.Storer.SetEncodedObject(obj)
		return err
	})
	if err != nil {
		return fmt.Errorf("copy objects: %w", err)
	}
	if ff, err := fastForward(r, head); err != nil || !ff {
		return err
	}
	wt, err := r.Worktree()
	if err != nil {
		return fmt.Errorf("work tree: %w", err)
	}
	return wt.Reset(&git.ResetOptions{Commit: head, Mode: git.HardReset})
}

// fastForward reports whether r's HEAD is a strict ancestor of head, so
// that moving it there loses nothing (git pull --ff-only).
func fastForward(r *git.Repository, head plumbing.Hash) (bool, error) {
	local, err := r.Head()
	if err != nil {
		return false, fmt.Errorf("head: %w", err)
	}
	if local.Hash() == head {
		return false, nil
	}
	from, err := r.CommitObject(local.Hash())
	if err != nil {
		return false, fmt.Errorf("head commit: %w", err)
	}
	to, err := r.CommitObject(head)
	if err != nil {
		return false, fmt.Errorf("commit %s: %w", head, err)
	}
	return from.IsAncestor(to)
}

// commitFile makes the commit the contents API makes: parent's tree with
// p set to content, committed by the workflow's bot at when. ok is false
// when parent's objects are unknown (no Backing).
func (g *gitStore) commitFile(parent, p string, content []byte, msg string, when time.Time) (string, bool, error) {
	o := g.objects()
	base, err := object.GetCommit(o, plumbing.NewHash(parent))
	if errors.Is(err, plumbing.ErrObjectNotFound) {
		return "", false, nil // no Backing: no history to build on
	}
	if err != nil {
		return "", false, fmt.Errorf("parent %s: %w", parent, err)
	}
	blob, err := store(o, plumbing.BlobObject, content)
	if err != nil {
		return "", false, err
	}
	tree, err := replaceInTree(o, base.TreeHash, strings.Split(p, "/"), blob)
	if err != nil {
		return "", false, err
	}
	sig := object.Signature{Name: Bot.Login, Email: "41898282+" + Bot.Login + "@users.noreply.github.com", When: when}
	c := &object.Commit{Author: sig, Committer: sig, Message: msg, TreeHash: tree, ParentHashes: []plumbing.Hash{base.Hash}}
	obj := o.NewEncodedObject()
	if err := c.Encode(obj); err != nil {
		return "", false, fmt.Errorf("encode commit: %w", err)
	}
	h, err := o.SetEncodedObject(obj)
	return h.String(), err == nil, err
}

func store(o objects, t plumbing.ObjectType, data []byte) (plumbing.Hash, error) {
	obj := o.NewEncodedObject()
	obj.SetType(t)
	w, err := obj.Writer()
	if err != nil {
		return plumbing.ZeroHash, err
	}
	if _, err := w.Write(data); err != nil {
		return plumbing.ZeroHash, err
	}
	if err := w.Close(); err != nil {
		return plumbing.ZeroHash, err
	}
	return o.SetEncodedObject(obj)
}

// replaceInTree stores the tree treeHash (zero: an empty one) with the
// blob at the path parts, and returns the new tree's hash.
func replaceInTree(o objects, treeHash plumbing.Hash, parts []string, blob plumbing.Hash) (plumbing.Hash, error) {
	var entries []object.TreeEntry
	if !treeHash.IsZero() {
		t, err := object.GetTree(o, treeHash)
		if err != nil {
			return plumbing.ZeroHash, fmt.Errorf("tree %s: %w", treeHash, err)
		}
		entries = slices.Clone(t.Entries)
	}
	i := slices.IndexFunc(entries, func(e object.TreeEntry) bool { return e.Name == parts[0] })
	entry := object.TreeEntry{Name: parts[0], Mode: filemode.Regular, Hash: blob}
	if len(parts) > 1 {
		sub := plumbing.ZeroHash
		if i >= 0 && entries[i].Mode == filemode.Dir {
			sub = entries[i].Hash
		}
		h, err := replaceInTree(o, sub, parts[1:], blob)
		if err != nil {
			return plumbing.ZeroHash, err
		}
		entry = object.TreeEntry{Name: parts[0], Mode: filemode.Dir, Hash: h}
	}
	if i >= 0 {
		entries[i] = entry
	} else {
		entries = append(entries, entry)
	}
	slices.SortFunc(entries, func(a, b object.TreeEntry) int { return strings.Compare(gitOrder(a), gitOrder(b)) })
	obj := o.NewEncodedObject()
	if err := (&object.Tree{Entries: entries}).Encode(obj); err != nil {
		return plumbing.ZeroHash, fmt.Errorf("encode tree: %w", err)
	}
	return o.SetEncodedObject(obj)
}

// gitOrder is an entry's sort key in a git tree: directories sort as if
// their name ended in a slash.
func gitOrder(e object.TreeEntry) string {
	if e.Mode == filemode.Dir {
		return e.Name + "/"
	}
	return e.Name
}

// commitAt is the commit sha in the fake's copy of the repository.
func (g *gitStore) commitAt(sha string) (*object.Commit, bool) {
	if len(sha) != 40 {
		return nil, false
	}
	c, err := object.GetCommit(g.objects(), plumbing.NewHash(sha))
	return c, err == nil
}
