package gitrepo

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5"
)

// sparseHistory is a repository with two commits touching a/ and b/, and a
// clone of it narrowed by `git sparse-checkout set a`, which turns on
// extensions.worktreeConfig.
func sparseHistory(t *testing.T) (src, sparse string) {
	t.Helper()
	src = t.TempDir()
	gitRun(t, src, "init", "-q", "-b", "main")
	writeFile(t, src, "a/x.txt", "x\n", 0o644)
	writeFile(t, src, "b/y.txt", "y\n", 0o644)
	gitRun(t, src, "add", "-A")
	gitRun(t, src, "commit", "-q", "-m", "base")
	writeFile(t, src, "a/x.txt", "x2\n", 0o644)
	writeFile(t, src, "b/y.txt", "y2\n", 0o644)
	gitRun(t, src, "commit", "-q", "-am", "head")
	sparse = filepath.Join(t.TempDir(), "sparse")
	gitRun(t, src, "clone", "-q", src, sparse)
	gitRun(t, sparse, "sparse-checkout", "set", "a")
	if got := gitRun(t, sparse, "config", "extensions.worktreeConfig"); got != "true" {
		t.Fatalf("sparse-checkout did not turn on worktreeConfig: %q", got)
	}
	return src, sparse
}

func TestOpenReadsASparseCheckout(t *testing.T) {
	t.Parallel()
	_, sparse := sparseHistory(t)
	if _, err := git.PlainOpenWithOptions(sparse, &git.PlainOpenOptions{DetectDotGit: true}); !refusedExtension(err) {
		t.Fatalf("go-git itself now opens the clone (err %v): the fallback may be unneeded", err)
	}
	r, err := Open(filepath.Join(sparse, "a"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Root() != sparse {
		t.Errorf("root %s, want %s", r.Root(), sparse)
	}
	base, err := r.Commit("HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	head, err := r.Commit("HEAD")
	if err != nil {
		t.Fatal(err)
	}
	changes, err := r.Changes(base, head)
	if err != nil || len(changes) != 2 || changes[1].Path != "b/y.txt" {
		t.Fatalf("changes %v err %v", changes, err)
	}
	// b/ is outside the sparse patterns, so not in the work tree, but its
	// objects are: the base version is read with its hash checked.
	snap, err := r.Snapshot(base.Hash, []string{"b/y.txt"})
	if err != nil {
		t.Fatal(err)
	}
	if b, err := snap.Blob("b/y.txt"); err != nil || string(b.Content) != "y\n" {
		t.Errorf("blob %q err %v", b.Content, err)
	}
}

func TestOpenReadsALinkedWorktreeWithWorktreeConfig(t *testing.T) {
	t.Parallel()
	src, _ := sparseHistory(t)
	gitRun(t, src, "config", "extensions.worktreeConfig", "true")
	linked := filepath.Join(t.TempDir(), "linked")
	gitRun(t, src, "worktree", "add", "-q", "--detach", linked, "HEAD~1")
	r, err := Open(linked)
	if err != nil {
		t.Fatal(err)
	}
	head, err := r.Commit("HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if want := gitRun(t, linked, "rev-parse", "HEAD"); head.Hash.String() != want {
		t.Errorf("HEAD of the linked worktree %s, want %s", head.Hash, want)
	}
	if data, ok, err := r.ReadFile(head, "a/x.txt"); err != nil || !ok || string(data) != "x\n" {
		t.Errorf("a/x.txt at HEAD: %q %v %v", data, ok, err)
	}
}

// TestOpenStillRefusesOtherExtensions: only worktreeConfig is set aside;
// an extension that changes what objects mean still refuses the repository.
func TestOpenStillRefusesOtherExtensions(t *testing.T) {
	t.Parallel()
	_, sparse := sparseHistory(t)
	gitRun(t, sparse, "config", "extensions.somethingNew", "true")
	_, err := Open(sparse)
	if !errors.Is(err, git.ErrUnsupportedExtensionRepositoryFormatVersion) && !errors.Is(err, git.ErrUnknownExtension) {
		t.Fatalf("err %v", err)
	}
	if !strings.Contains(strings.ToLower(err.Error()), "somethingnew") {
		t.Errorf("the error does not name the extension: %v", err)
	}
}

func TestOpenRepositoryNotFound(t *testing.T) {
	t.Parallel()
	if _, err := Open(t.TempDir()); err == nil {
		t.Fatal("a directory without a repository opened")
	}
}
