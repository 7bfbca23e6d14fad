package gitrepo

import (
	"fmt"
	"runtime"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/go-git/go-git/v5/storage/filesystem/dotgit"
)

// blobReaders lets several goroutines read blobs at once. go-git's object
// storage is not safe for concurrent use, so every read through the Repo's
// own storage holds a lock (Files.mu); a gate over thousands of changed
// stories reads a base blob per story from all its workers. Each reader
// here is an object storage of its own over the same git directory, as
// Materialize's writers open one: a goroutine takes one from the free
// list (or opens one, up to one per CPU kept), reads, and puts it back.
//
// A reader has no object cache: each blob is read once (lint keeps what
// it parsed), so a cache would only hold every blob read, and hash each
// one again to file it, for the rest of the run.
type blobReaders struct {
	root string
	free chan storer.EncodedObjectStorer
}

func newBlobReaders(root string) *blobReaders {
	return &blobReaders{root: root, free: make(chan storer.EncodedObjectStorer, runtime.GOMAXPROCS(0))}
}

// read returns the content of blob h, read with a reader no other
// goroutine uses meanwhile.
func (b *blobReaders) read(h plumbing.Hash) ([]byte, error) {
	var s storer.EncodedObjectStorer
	select {
	case s = <-b.free:
	default:
		var err error
		if s, err = openObjects(b.root); err != nil {
			return nil, fmt.Errorf("open a reader of %s: %w", b.root, err)
		}
	}
	data, err := readBlob(s, h)
	select {
	case b.free <- s:
	default: // as many readers are free as can be used at once
	}
	return data, err
}

// openObjects opens the object storage of the repository whose work tree
// is root, without a cache: the git directory, and the common directory a
// linked worktree's names, located as openGit's fallback locates them.
func openObjects(root string) (storer.EncodedObjectStorer, error) {
	_, dot, common, err := locate(root)
	if err != nil {
		return nil, err
	}
	var commonFS billy.Filesystem
	if common != "" {
		commonFS = osfs.New(common)
	}
	return filesystem.NewStorageWithOptions(dotgit.NewRepositoryFilesystem(osfs.New(dot), commonFS), noCache{}, filesystem.Options{}), nil
}

// noCache is an object cache that keeps nothing (go-git's storage needs
// one).
type noCache struct{}

func (noCache) Put(plumbing.EncodedObject)                       {}
func (noCache) Get(plumbing.Hash) (plumbing.EncodedObject, bool) { return nil, false }
func (noCache) Clear()                                           {}
