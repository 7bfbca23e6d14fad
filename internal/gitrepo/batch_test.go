package gitrepo

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/object"
)

// batchRepo is a repository of 40 stories committed twice (the second
// commit appends to every one), so a packed copy stores deltas.
func batchRepo(t *testing.T) (string, []string) {
	t.Helper()
	src := t.TempDir()
	gitRun(t, src, "init", "-q", "-b", "main")
	var paths []string
	for i := range 40 {
		p := fmt.Sprintf("stories/STORY-%03d.md", i)
		writeFile(t, src, p, fmt.Sprintf("story %d\n%s\n", i, filepath.Base(p)), 0o644)
		paths = append(paths, p)
	}
	commitAll(t, src, "base")
	for _, p := range paths {
		writeFile(t, src, p, fmt.Sprintf("story of %s\nA paragraph the change added.\n", p), 0o644)
	}
	commitAll(t, src, "head")
	return src, paths
}

// readsThroughBatch reads paths at rev in dir through a Batch running
// program: each blob asked of the Batch directly (served counts those git
// gave), then every path through Files.Using at once, each compared with
// Commit.File's read.
func readsThroughBatch(t *testing.T, name, dir, rev, program string, paths []string) (served int) {
	t.Helper()
	r, c, files := filesAtRev(t, dir, rev)
	b := r.OpenBatch(program)
	defer func() {
		if err := b.Close(); err != nil {
			t.Errorf("%s: Close: %v", name, err)
		}
	}()
	want := make([]string, len(paths))
	for i, p := range paths {
		data, _, err := r.ReadFile(c, p)
		if err != nil {
			t.Fatalf("%s: Commit.File(%s): %v", name, p, err)
		}
		want[i] = string(data)
		h, _, err := files.Hash(p)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := b.read(h); ok {
			served++
			if string(got) != want[i] {
				t.Errorf("%s: git gave %s as %q, Commit.File reads %q", name, p, got, want[i])
			}
		}
	}
	through := files.Using(b)
	var wg sync.WaitGroup
	for i, p := range paths {
		wg.Go(func() {
			data, ok, err := through.ReadFile(p)
			if err != nil || !ok || string(data) != want[i] {
				t.Errorf("%s: ReadFile(%s) = %q, %v, %v; Commit.File reads %q", name, p, data, ok, err, want[i])
			}
		})
	}
	wg.Wait()
	return served
}

// filesAtRev opens the repository at dir and the files of its commit rev.
func filesAtRev(t *testing.T, dir, rev string) (*Repo, *object.Commit, *Files) {
	t.Helper()
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	c, err := r.Commit(rev)
	if err != nil {
		t.Fatalf("%s: %v", rev, err)
	}
	files, err := r.FilesAt(c)
	if err != nil {
		t.Fatal(err)
	}
	return r, c, files
}

// TestBatchReadsWhatGoGitReads reads both commits' blobs through git
// cat-file, loose, packed (deltas) and from a linked worktree, each equal
// to go-git's read and every one given by git.
func TestBatchReadsWhatGoGitReads(t *testing.T) {
	t.Parallel()
	src, paths := batchRepo(t)
	check := func(name, dir string) {
		for _, rev := range []string{"HEAD~1", "HEAD"} {
			if served := readsThroughBatch(t, name+" "+rev, dir, rev, "git", paths); served != len(paths) {
				t.Errorf("%s %s: git gave %d of %d blobs", name, rev, served, len(paths))
			}
		}
	}
	check("loose", src)
	gitRun(t, src, "gc", "-q")
	check("packed", src)
	linked := filepath.Join(t.TempDir(), "linked")
	gitRun(t, src, "worktree", "add", "-q", "--detach", linked, "HEAD")
	check("linked worktree", linked)
}

// TestBatchFallsBackToGoGit gives a Batch no git, a program that does not
// exist, and "git"s that answer another object, cut the answer short, or
// forge the content of the object asked for: every read still
// gives go-git's content, and none came from the program. The honest
// control is TestBatchReadsWhatGoGitReads.
func TestBatchFallsBackToGoGit(t *testing.T) {
	t.Parallel()
	src, paths := batchRepo(t)
	liar := filepath.Join(t.TempDir(), "git")
	script := "#!/bin/sh\nwhile read -r id; do printf '%s blob 3\\nabc\\n' 0000000000000000000000000000000000000000; done\n"
	if err := os.WriteFile(liar, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	short := filepath.Join(t.TempDir(), "git")
	script = "#!/bin/sh\nread -r id; printf '%s blob 100\\nabc' \"$id\"\n"
	if err := os.WriteFile(short, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	// A "git" put first on PATH that names the object asked for and
	// serves other content: only the content's hash tells.
	forger := filepath.Join(t.TempDir(), "git")
	script = "#!/bin/sh\nwhile read -r id; do printf '%s blob 3\\nabc\\n' \"$id\"; done\n"
	if err := os.WriteFile(forger, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, program string }{
		{"forged content", forger},
		{"no git", ""},
		{"missing program", filepath.Join(t.TempDir(), "no-such-git")},
		{"wrong object", liar},
		{"cut short", short},
	} {
		if served := readsThroughBatch(t, c.name, src, "HEAD", c.program, paths); served != 0 {
			t.Errorf("%s: %d blobs taken from the program", c.name, served)
		}
	}
}

// TestBatchIgnoresGitVariables points GIT_DIR and GIT_OBJECT_DIRECTORY at
// another repository: the Batch still reads the repository it was opened
// on. Not parallel: it sets the environment.
func TestBatchIgnoresGitVariables(t *testing.T) {
	src, paths := batchRepo(t)
	other := t.TempDir()
	gitRun(t, other, "init", "-q", "-b", "main")
	t.Setenv("GIT_DIR", filepath.Join(other, ".git"))
	t.Setenv("GIT_OBJECT_DIRECTORY", filepath.Join(other, ".git", "objects"))
	if served := readsThroughBatch(t, "GIT_DIR elsewhere", src, "HEAD", "git", paths); served != len(paths) {
		t.Errorf("git gave %d of %d blobs", served, len(paths))
	}
}

// TestBatchCloseEndsGit checks that Close ends the git process and that
// reads after it fall back to go-git.
func TestBatchCloseEndsGit(t *testing.T) {
	t.Parallel()
	src, paths := batchRepo(t)
	r, err := Open(src)
	if err != nil {
		t.Fatal(err)
	}
	c, err := r.Commit("HEAD")
	if err != nil {
		t.Fatal(err)
	}
	files, err := r.FilesAt(c)
	if err != nil {
		t.Fatal(err)
	}
	h, _, err := files.Hash(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	b := r.OpenBatch("git")
	if _, ok := b.read(h); !ok {
		t.Fatal("git gave nothing")
	}
	cmd := b.cmd
	if err := b.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if cmd.ProcessState == nil || !cmd.ProcessState.Exited() {
		t.Errorf("git has not exited after Close: %v", cmd.ProcessState)
	}
	if _, ok := b.read(h); ok {
		t.Error("a read after Close was given by git")
	}
	if data, ok, err := files.Using(b).ReadFile(paths[0]); err != nil || !ok || len(data) == 0 {
		t.Errorf("ReadFile after Close = %q, %v, %v", data, ok, err)
	}
}

// TestBatchIgnoresReplaceRefs: an agent that can push refs plants
// refs/replace/<blob> naming another blob, which git cat-file would
// answer for the story's base unless told not to. The Batch reads the
// blob itself, as go-git does; the control is the same read through git
// cat-file with replace refs honoured, which gives the planted content.
func TestBatchIgnoresReplaceRefs(t *testing.T) {
	t.Parallel()
	src, paths := batchRepo(t)
	original := strings.TrimSpace(gitRun(t, src, "rev-parse", "HEAD~1:"+paths[0]))
	planted := strings.TrimSpace(gitRun(t, src, "rev-parse", "HEAD:"+paths[1]))
	gitRun(t, src, "replace", original, planted)
	if got := gitRun(t, src, "cat-file", "blob", original); got != gitRun(t, src, "cat-file", "blob", planted) {
		t.Fatalf("control: git does not honour the replace ref (%q)", got)
	}
	if served := readsThroughBatch(t, "replace ref", src, "HEAD~1", "git", paths); served != len(paths) {
		t.Errorf("git gave %d of %d blobs", served, len(paths))
	}
}
