package revert

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/testrepo"
	"github.com/storygate/storygate/internal/verify"
)

// history is a real git repository with a base and a head commit.
type history struct {
	dir        string
	repo       *gitrepo.Repo
	base, head *object.Commit
}

// change describes the head commit: files written (content; a leading "#!"
// makes the file executable) and files deleted.
type change struct {
	write  map[string]string
	delete []string
}

// build commits files as base and applies c as head, with the git CLI.
func build(t *testing.T, files map[string]string, c change) history {
	t.Helper()
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	writeAll(t, dir, files)
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "base")
	writeAll(t, dir, c.write)
	for _, p := range c.delete {
		git(t, dir, "rm", "-q", p)
	}
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "--allow-empty", "-m", "head")
	r, err := gitrepo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	h := history{dir: dir, repo: r}
	h.base, h.head = commit(t, r, "HEAD~1"), commit(t, r, "HEAD")
	return h
}

func commit(t *testing.T, r *gitrepo.Repo, rev string) *object.Commit {
	t.Helper()
	c, err := r.Commit(rev)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func writeAll(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for rel, content := range files {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		perm := os.FileMode(0o644)
		if strings.HasPrefix(content, "#!") {
			perm = 0o755
		}
		if err := os.WriteFile(p, []byte(content), perm); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, perm); err != nil {
			t.Fatal(err)
		}
	}
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	testrepo.GitCLI(t, dir, args...)
}

// check runs the revert check over h with tests/ governed.
func (h history) check(t *testing.T, suite string, perFile bool) *Result {
	t.Helper()
	res, err := Check(context.Background(), Options{Repo: h.repo, Base: h.base, Head: h.head,
		Governed: []string{"tests/"}, Suite: suite, Granularity: granularityOf(perFile), Env: verify.CleanEnv(os.Environ(), nil)})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// isolateTemp points TMPDIR at an empty directory and returns a function
// that lists what was created there, to see whether a tree was built.
func isolateTemp(t *testing.T) func() []string {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	return func() []string {
		entries, _ := os.ReadDir(tmp)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
}

func verdicts(files []FileVerdict) string {
	var out []string
	for _, f := range files {
		out = append(out, f.Path+"="+string(f.Verdict))
	}
	return strings.Join(out, " ")
}

func rules(r *Result) string {
	var out []string
	for _, d := range Findings(r) {
		out = append(out, d.Rule+"@"+d.File)
	}
	return strings.Join(out, " ")
}

func changesFor(t *testing.T, h history) []gitrepo.Change {
	t.Helper()
	ch, err := h.repo.Changes(h.base, h.head)
	if err != nil {
		t.Fatal(err)
	}
	return ch
}

func change2(path, kind string) gitrepo.Change {
	return gitrepo.Change{Path: path, Kind: gitrepo.ChangeKind(kind)}
}

func granularityOf(perFile bool) Granularity {
	if perFile {
		return ByFile
	}
	return BySet
}
