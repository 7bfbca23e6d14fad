package gitrepo

import (
	"path/filepath"
	"sync"
	"testing"
)

// TestFilesReadsBlobsSideBySide: Files.ReadFile reads blobs with readers
// of its own, from several goroutines at once, wherever the objects are:
// loose, packed, or in a linked worktree's common directory. Every read
// gives what Commit.File reads through the repository's own storage.
func TestFilesReadsBlobsSideBySide(t *testing.T) {
	t.Parallel()
	src, paths := batchRepo(t)
	readsAsCommitFile(t, "loose", src, paths)
	gitRun(t, src, "gc", "-q")
	readsAsCommitFile(t, "packed", src, paths)
	linked := filepath.Join(t.TempDir(), "linked")
	gitRun(t, src, "worktree", "add", "-q", "--detach", linked, "HEAD")
	readsAsCommitFile(t, "linked worktree", linked, paths)
}

// readsAsCommitFile reads paths at HEAD in dir with Files.ReadFile, all at
// once, and compares each with Commit.File's read.
func readsAsCommitFile(t *testing.T, name, dir string, paths []string) {
	t.Helper()
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	c, err := r.Commit("HEAD")
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	files, err := r.FilesAt(c)
	if err != nil {
		t.Fatal(err)
	}
	got := make([][]byte, len(paths))
	var wg sync.WaitGroup
	for i, p := range paths {
		wg.Go(func() {
			data, ok, err := files.ReadFile(p)
			if err != nil || !ok {
				t.Errorf("%s: ReadFile(%s): %v, %v", name, p, ok, err)
			}
			got[i] = data
		})
	}
	wg.Wait()
	for i, p := range paths {
		want, _, err := r.ReadFile(c, p)
		if err != nil || string(got[i]) != string(want) {
			t.Errorf("%s: %s read %q, Commit.File reads %q (%v)", name, p, got[i], want, err)
		}
	}
}
