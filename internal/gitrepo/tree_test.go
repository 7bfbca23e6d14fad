package gitrepo

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/storygate/storygate/internal/testrepo"
)

// gitRun runs the git CLI in dir with a fixed identity.
func gitRun(t *testing.T, dir string, args ...string) string {
	t.Helper()
	return testrepo.GitCLI(t, dir, args...)
}

func writeFile(t *testing.T, dir, rel, content string, perm os.FileMode) {
	t.Helper()
	p := filepath.Join(dir, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), perm); err != nil {
		t.Fatal(err)
	}
}

// treeRepo builds a repository whose one commit holds a regular file, an
// executable, a nested file and a symlink pointing out of the tree.
func treeRepo(t *testing.T) (*Repo, *object.Commit) {
	t.Helper()
	dir := t.TempDir()
	gitRun(t, dir, "init", "-q", "-b", "main")
	writeFile(t, dir, "README", "hello\n", 0o644)
	writeFile(t, dir, "bin/run.sh", "#!/bin/sh\necho run\n", 0o755)
	writeFile(t, dir, "tests/deep/a_test.txt", "a\n", 0o644)
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "tests/escape")); err != nil {
		t.Fatal(err)
	}
	return commitAll(t, dir, "one")
}

// commitAll commits everything in the work tree dir with the git CLI
// and opens the repository at that commit.
func commitAll(t *testing.T, dir, msg string) (*Repo, *object.Commit) {
	t.Helper()
	gitRun(t, dir, "add", "-A")
	gitRun(t, dir, "commit", "-q", "-m", msg)
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	c, err := r.Commit("HEAD")
	if err != nil {
		t.Fatal(err)
	}
	return r, c
}

func TestMaterializeWritesFilesModesAndLinks(t *testing.T) {
	r, c := treeRepo(t)
	out := t.TempDir()
	if err := r.Materialize(c, out); err != nil {
		t.Fatal(err)
	}
	assertFile(t, out, "README", "hello\n", 0o644)
	assertFile(t, out, "bin/run.sh", "#!/bin/sh\necho run\n", 0o755)
	assertFile(t, out, "tests/deep/a_test.txt", "a\n", 0o644)
	if target, err := os.Readlink(filepath.Join(out, "tests/escape")); err != nil || target != "/etc/passwd" {
		t.Errorf("symlink = %q, %v", target, err)
	}
	if _, err := os.Stat(filepath.Join(out, ".git")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf(".git was written: %v", err)
	}
}

func assertFile(t *testing.T, dir, rel, content string, perm os.FileMode) {
	t.Helper()
	p := filepath.Join(dir, rel)
	info, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	if string(got) != content || info.Mode().Perm() != perm || !info.Mode().IsRegular() {
		t.Errorf("%s = %q mode %v; want %q mode %v", rel, got, info.Mode(), content, perm)
	}
}

func TestMaterializeRefusesClimbingEntryNames(t *testing.T) {
	r, c := treeRepo(t)
	for _, name := range []string{"..", ".git", "a/b", "."} {
		evil := craftCommit(t, r, c, name)
		parent := t.TempDir()
		out := filepath.Join(parent, "tree")
		if err := os.Mkdir(out, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := r.Materialize(evil, out); !errors.Is(err, ErrUnsafePath) {
			t.Errorf("entry %q: err = %v, want ErrUnsafePath", name, err)
		}
		if _, err := os.Stat(filepath.Join(parent, "pwned")); err == nil {
			t.Errorf("entry %q wrote outside the tree", name)
		}
	}
}

// craftCommit stores a commit whose root tree holds a directory entry named
// name containing a file "pwned": no git client writes that, an attacker can.
func craftCommit(t *testing.T, r *Repo, base *object.Commit, name string) *object.Commit {
	t.Helper()
	st := r.Git().Storer
	blob := st.NewEncodedObject()
	blob.SetType(plumbing.BlobObject)
	w, _ := blob.Writer()
	w.Write([]byte("owned\n"))
	w.Close()
	bh, err := st.SetEncodedObject(blob)
	if err != nil {
		t.Fatal(err)
	}
	inner := store(t, r, &object.Tree{Entries: []object.TreeEntry{{Name: "pwned", Mode: filemode.Regular, Hash: bh}}})
	root := store(t, r, &object.Tree{Entries: []object.TreeEntry{{Name: name, Mode: filemode.Dir, Hash: inner}}})
	sig := object.Signature{Name: "x", Email: "x@example.com", When: time.Now()}
	commit := &object.Commit{Author: sig, Committer: sig, Message: "evil", TreeHash: root, ParentHashes: []plumbing.Hash{base.Hash}}
	obj := st.NewEncodedObject()
	if err := commit.Encode(obj); err != nil {
		t.Fatal(err)
	}
	h, err := st.SetEncodedObject(obj)
	if err != nil {
		t.Fatal(err)
	}
	c, err := r.Git().CommitObject(h)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func store(t *testing.T, r *Repo, tree *object.Tree) plumbing.Hash {
	t.Helper()
	obj := r.Git().Storer.NewEncodedObject()
	if err := tree.Encode(obj); err != nil {
		t.Fatal(err)
	}
	h, err := r.Git().Storer.SetEncodedObject(obj)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestPlaceReplacesSymlinkParentWithoutFollowingIt(t *testing.T) {
	r, c := treeRepo(t)
	out := t.TempDir()
	outside := t.TempDir()
	// The tree has tests/deep as a link to a directory outside it.
	if err := os.MkdirAll(filepath.Join(out, "tests"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(out, "tests/deep")); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(out)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if err := r.Place(c, root, "tests/deep/a_test.txt"); err != nil {
		t.Fatal(err)
	}
	assertFile(t, out, "tests/deep/a_test.txt", "a\n", 0o644)
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("Place wrote through the symlink into %s: %v", outside, entries)
	}
}

func TestPlaceOverSymlinkReplacesTheLinkItself(t *testing.T) {
	r, c := treeRepo(t)
	out, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "victim")
	writeFile(t, outside, "victim", "keep\n", 0o644)
	if err := os.Symlink(victim, filepath.Join(out, "README")); err != nil {
		t.Fatal(err)
	}
	root, _ := os.OpenRoot(out)
	defer root.Close()
	if err := r.Place(c, root, "README"); err != nil {
		t.Fatal(err)
	}
	assertFile(t, out, "README", "hello\n", 0o644)
	if got, _ := os.ReadFile(victim); string(got) != "keep\n" {
		t.Errorf("the link's target was changed: %q", got)
	}
}

func TestPlaceRestoresSymlinkAndExecutable(t *testing.T) {
	r, c := treeRepo(t)
	out := t.TempDir()
	root, _ := os.OpenRoot(out)
	defer root.Close()
	for _, rel := range []string{"tests/escape", "bin/run.sh"} {
		if err := r.Place(c, root, rel); err != nil {
			t.Fatal(err)
		}
	}
	if target, err := os.Readlink(filepath.Join(out, "tests/escape")); err != nil || target != "/etc/passwd" {
		t.Errorf("symlink = %q, %v", target, err)
	}
	assertFile(t, out, "bin/run.sh", "#!/bin/sh\necho run\n", 0o755)
}

func TestPlaceAndRemoveRefuseBadPaths(t *testing.T) {
	r, c := treeRepo(t)
	root, _ := os.OpenRoot(t.TempDir())
	defer root.Close()
	if err := r.Place(c, root, "tests/missing.txt"); !errors.Is(err, ErrNoVersion) {
		t.Errorf("missing path: %v", err)
	}
	if err := r.Place(c, root, "tests/deep"); !errors.Is(err, ErrNoVersion) {
		t.Errorf("directory path: %v", err)
	}
	for _, bad := range []string{"../x", "/etc/passwd", "a//b", ".git/config"} {
		if err := r.Place(c, root, bad); !errors.Is(err, ErrUnsafePath) {
			t.Errorf("Place(%q) = %v", bad, err)
		}
		if err := r.Remove(root, bad); !errors.Is(err, ErrUnsafePath) {
			t.Errorf("Remove(%q) = %v", bad, err)
		}
	}
}

func TestRemoveDoesNotReachThroughSymlink(t *testing.T) {
	r, _ := treeRepo(t)
	out, outside := t.TempDir(), t.TempDir()
	writeFile(t, outside, "x.txt", "keep\n", 0o644)
	if err := os.Symlink(outside, filepath.Join(out, "tests")); err != nil {
		t.Fatal(err)
	}
	root, _ := os.OpenRoot(out)
	defer root.Close()
	if err := r.Remove(root, "tests/x.txt"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(outside, "x.txt")); err != nil {
		t.Errorf("Remove deleted a file behind a symlink: %v", err)
	}
}
