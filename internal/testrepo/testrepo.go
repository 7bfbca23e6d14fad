// Package testrepo builds throwaway git repositories for tests with go-git,
// so most tests need no git binary and none touch the developer's
// repositories; GitCLI runs the binary for the tests that compare with it.
package testrepo

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Repo is a repository in a temporary directory.
type Repo struct {
	t    testing.TB
	Root string
	git  *git.Repository
	tick int
}

// New initialises an empty repository in t.TempDir().
func New(t testing.TB) *Repo {
	t.Helper()
	root := t.TempDir()
	r, err := git.PlainInit(root, false)
	if err != nil {
		t.Fatalf("init repository: %v", err)
	}
	return &Repo{t: t, Root: root, git: r}
}

// Write creates or replaces files (slash paths relative to the root).
func (r *Repo) Write(files map[string]string) {
	r.t.Helper()
	for name, content := range files {
		p := filepath.Join(r.Root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			r.t.Fatalf("mkdir for %s: %v", name, err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			r.t.Fatalf("write %s: %v", name, err)
		}
	}
}

// Remove deletes files from the work tree.
func (r *Repo) Remove(names ...string) {
	r.t.Helper()
	for _, name := range names {
		if err := os.Remove(filepath.Join(r.Root, filepath.FromSlash(name))); err != nil {
			r.t.Fatalf("remove %s: %v", name, err)
		}
	}
}

// CopyTree replaces the work tree's tracked content with the files under dir.
func (r *Repo) CopyTree(dir string) {
	r.t.Helper()
	r.clear()
	r.WriteTree(dir, "")
}

// WriteTree writes the files under dir into the work tree below prefix
// (a directory ending in "/", or "" for the top), over what is there:
// a fixture's tree as one package of a monorepo.
func (r *Repo) WriteTree(dir, prefix string) {
	r.t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[prefix+filepath.ToSlash(rel)] = string(data)
		return nil
	})
	if err != nil {
		r.t.Fatalf("copy %s: %v", dir, err)
	}
	r.Write(files)
}

// clear removes everything but .git from the work tree.
func (r *Repo) clear() {
	entries, err := os.ReadDir(r.Root)
	if err != nil {
		r.t.Fatalf("read %s: %v", r.Root, err)
	}
	for _, e := range entries {
		if e.Name() != ".git" {
			if err := os.RemoveAll(filepath.Join(r.Root, e.Name())); err != nil {
				r.t.Fatalf("clear %s: %v", e.Name(), err)
			}
		}
	}
}

// Commit stages every change (additions and deletions) and commits,
// returning the commit SHA. Commit times increase so history is ordered.
func (r *Repo) Commit(msg string) string {
	r.t.Helper()
	wt, err := r.git.Worktree()
	if err != nil {
		r.t.Fatalf("worktree: %v", err)
	}
	if err := wt.AddWithOptions(&git.AddOptions{All: true}); err != nil {
		r.t.Fatalf("add: %v", err)
	}
	r.tick++
	when := time.Date(2026, 1, 1, 0, 0, r.tick, 0, time.UTC)
	sig := &object.Signature{Name: "test", Email: "test@example.com", When: when}
	h, err := wt.Commit(msg, &git.CommitOptions{Author: sig, Committer: sig, AllowEmptyCommits: true})
	if err != nil {
		r.t.Fatalf("commit: %v", err)
	}
	return h.String()
}

// HasCommit reports whether the repository at root holds commit sha: a
// checkout that never fetched a commit made elsewhere does not.
func HasCommit(tb testing.TB, root, sha string) bool {
	tb.Helper()
	r, err := git.PlainOpen(root)
	if err != nil {
		tb.Fatalf("open %s: %v", root, err)
	}
	_, err = r.CommitObject(plumbing.NewHash(sha))
	return err == nil
}
