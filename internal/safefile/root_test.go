package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestCheckRoot: a root reached through a link inside its repository is
// refused; the same directory named directly, a repository's top that is
// a link, links above the top and roots in no repository are not.
func TestCheckRoot(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	repo := filepath.Join(base, "repo")
	for _, d := range []string{".git", "pkg/stories", "a/real"} {
		if err := os.MkdirAll(filepath.Join(repo, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		filepath.Join(repo, "pkglink"): "pkg",                        // the root itself a link
		filepath.Join(repo, "b"):       "a",                          // a directory on the way
		filepath.Join(base, "toplink"): "repo",                       // the repository's top
		filepath.Join(base, "outside"): filepath.Join("repo", "pkg"), // in no repository as named
		filepath.Join(base, "mounted"): base,                         // above the top
	}
	for link, target := range links {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		root    string
		refused bool
	}{
		{repo, false},
		{filepath.Join(repo, "pkg"), false},
		{filepath.Join(repo, "pkglink"), true},
		{filepath.Join(repo, "b", "real"), true},
		{filepath.Join(repo, "a", "real"), false},
		{filepath.Join(base, "toplink"), false},
		{filepath.Join(base, "toplink", "pkg"), false},
		{filepath.Join(base, "toplink", "pkglink"), true},
		{filepath.Join(base, "mounted", "repo", "pkg"), false},
		{filepath.Join(base, "outside"), false},
		{filepath.Join(repo, "missing"), false},
	} {
		err := CheckRoot(c.root)
		if got := errors.Is(err, ErrRootLink); got != c.refused || (err != nil && !c.refused) {
			t.Errorf("CheckRoot(%s) = %v, refused %v, want refused %v", c.root, err, got, c.refused)
		}
		if c.refused && !Refused(err) {
			t.Errorf("CheckRoot(%s): %v is not one of the refusals", c.root, err)
		}
	}
}
