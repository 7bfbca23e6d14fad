package chatops

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestGitStoriesInASubdirectoryRoot: the policy's story globs are relative
// to the root; with the root a package, a story the pull request changed
// in the package is found and listed at its path in the package, where
// the History reads it and from where it takes it to its repository path
// (the contents API reads it there); one in another package is not the
// package's, and a deleted one is not listed. The control is the same
// layout at the top.
func TestGitStoriesInASubdirectoryRoot(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		root string
		want []string
	}{
		{"", []string{"stories/S-1.md"}},
		{"pkg", []string{"stories/S-1.md"}},
	} {
		repo := testrepo.New(t)
		in := func(p string) string { return filepath.ToSlash(filepath.Join(c.root, p)) }
		repo.Write(map[string]string{in("stories/S-0.md"): "old\n", "lib/stories/S-2.md": "x\n"})
		base := repo.Commit("base")
		repo.Remove(in("stories/S-0.md"))
		repo.Write(map[string]string{in("stories/S-1.md"): "new\n", "lib/stories/S-2.md": "y\n", in("README.md"): "r\n"})
		head := repo.Commit("head")
		if c.root == "" {
			c.want = append([]string{"lib/stories/S-2.md"}, c.want...)
		}
		root := filepath.Join(repo.Root, c.root)
		open := func(pr github.PullRequest) (*target.Target, error) {
			return target.Open(target.Options{Root: root, Base: pr.BaseSHA, Head: pr.HeadSHA, Policy: config.Default()})
		}
		got, err := GitStories(open)(context.Background(), github.PullRequest{BaseSHA: base, HeadSHA: head}, []string{"stories/*.md", "lib/stories/*.md"})
		if err != nil {
			t.Fatal(err)
		}
		if slices.Sort(got); !slices.Equal(got, c.want) {
			t.Errorf("root %q: stories %v, want %v", c.root, got, c.want)
		}
		hist := openHistory(t, root)
		if data, ok, err := hist.File(head, "stories/S-1.md"); err != nil || !ok || string(data) != "new\n" || hist.RepoPath("stories/S-1.md") != in("stories/S-1.md") {
			t.Errorf("root %q: the History reads %q (%v, %v) and places it at %s", c.root, data, ok, err, hist.RepoPath("stories/S-1.md"))
		}
	}
}

// TestHistoryReadsTheRootsFiles: with the root a package, the History
// reads and lists the package's files by their paths in it: a file at the
// same path outside the package (the repository's top, another package)
// is none of its files, a path climbing out of the package names no file,
// and RepoPath takes a path back to the repository's top. The control is
// the same repository read from its top.
func TestHistoryReadsTheRootsFiles(t *testing.T) {
	t.Parallel()
	repo := testrepo.New(t)
	repo.Write(map[string]string{"pkg/src/a.go": "package pkg\n", "src/a.go": "package top\n", "other/src/a.go": "package other\n"})
	head := repo.Commit("three packages")
	all := func(string) bool { return true }
	for _, c := range []struct {
		root, want string
		blobs      []string
	}{
		{"", "package top\n", []string{"other/src/a.go", "pkg/src/a.go", "src/a.go"}},
		{"pkg", "package pkg\n", []string{"src/a.go"}},
	} {
		hist := openHistory(t, filepath.Join(repo.Root, c.root))
		if data, ok, err := hist.File(head, "src/a.go"); err != nil || !ok || string(data) != c.want {
			t.Errorf("root %q: src/a.go reads %q (%v, %v), want %q", c.root, data, ok, err, c.want)
		}
		blobs, err := hist.Blobs(head, all)
		if err != nil {
			t.Fatal(err)
		}
		var paths []string
		for _, b := range blobs {
			paths = append(paths, b.Path)
		}
		if !slices.Equal(paths, c.blobs) {
			t.Errorf("root %q: blobs %v, want %v", c.root, paths, c.blobs)
		}
		if want := filepath.ToSlash(filepath.Join(c.root, "src/a.go")); hist.RepoPath("src/a.go") != want {
			t.Errorf("root %q: RepoPath(src/a.go) = %s, want %s", c.root, hist.RepoPath("src/a.go"), want)
		}
	}
	pkg := openHistory(t, filepath.Join(repo.Root, "pkg"))
	if data, ok, err := pkg.File(head, "../src/a.go"); err != nil || ok {
		t.Errorf("a path out of the package read %q (%v, %v)", data, ok, err)
	}
}
