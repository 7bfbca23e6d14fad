package gitrepo

import (
	"fmt"
	"runtime"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
)

// blobReaders lets several goroutines read blobs at once. go-git's object
// storage is not safe for concurrent use, so every read through the Repo's
// own storage holds a lock (Files.mu); a gate over thousands of changed
// stories reads a base blob per story from all its workers. Each reader
// here is the repository opened once more, with a storage of its own, as
// Materialize's writers are: a goroutine takes one from the free list (or
// opens one, up to one per CPU), reads, and puts it back.
type blobReaders struct {
	root string
	free chan *git.Repository
}

func newBlobReaders(root string) *blobReaders {
	return &blobReaders{root: root, free: make(chan *git.Repository, runtime.GOMAXPROCS(0))}
}

// read returns the content of blob h, read with a reader no other
// goroutine uses meanwhile.
func (b *blobReaders) read(h plumbing.Hash) ([]byte, error) {
	var g *git.Repository
	select {
	case g = <-b.free:
	default:
		var err error
		if g, err = openGit(b.root); err != nil {
			return nil, fmt.Errorf("open a reader of %s: %w", b.root, err)
		}
	}
	data, err := readBlob(g, h)
	select {
	case b.free <- g:
	default: // as many readers are free as can be used at once
	}
	return data, err
}
