package gitrepo

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// linkRepo commits, in the package pkg, a story and links to it of every
// kind Resolve must follow or refuse; the links are committed as links
// (their blobs hold their targets).
func linkRepo(t *testing.T) *Files {
	t.Helper()
	dir := t.TempDir()
	gitRun(t, dir, "init", "-q", "-b", "main")
	writeFile(t, dir, "pkg/stories/real.md", "the story\n", 0o644)
	writeFile(t, dir, "top.md", "outside the package\n", 0o644)
	for link, target := range map[string]string{
		"pkg/stories/link.md": "real.md", "pkg/chain.md": "stories/link.md", "pkg/dirlink": "stories",
		"pkg/back.md": "../pkg/stories/real.md", "pkg/out.md": "../top.md", "pkg/abs.md": "/etc/passwd",
		"pkg/loop1": "loop2", "pkg/loop2": "loop1", "pkg/up.md": "../../../x.md", "pkg/dangling.md": "nothere.md",
	} {
		if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(link))); err != nil {
			t.Skipf("symlinks unsupported: %v", err)
		}
	}
	r, c := commitAll(t, dir, "links")
	files, err := r.FilesAt(c)
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestResolveFollowsLinksAsTheCommitHoldsThem: paths read through the
// links of the commit's tree, relative to the package, land where the file
// system would land; a link out of the package, to an absolute path,
// above the top or around a loop is refused; the same link out of the
// package is followed when the reader is the repository's top.
func TestResolveFollowsLinksAsTheCommitHoldsThem(t *testing.T) {
	files := linkRepo(t)
	for _, c := range []struct {
		dir, path, want string
		outside         bool
	}{
		{"pkg", "stories/real.md", "stories/real.md", false},
		{"pkg", "stories/link.md", "stories/real.md", false},
		{"pkg", "chain.md", "stories/real.md", false},
		{"pkg", "dirlink/real.md", "stories/real.md", false},
		{"pkg", "dirlink/link.md", "stories/real.md", false},
		{"pkg", "back.md", "stories/real.md", false},
		{"pkg", "dangling.md", "nothere.md", false},
		{"pkg", "missing.md", "missing.md", false},
		{"pkg", "out.md", "", true},
		{"pkg", "abs.md", "", true},
		{"pkg", "loop1", "", true},
		{"pkg", "up.md", "", true},
		{".", "pkg/out.md", "top.md", false},
		{".", "pkg/chain.md", "pkg/stories/real.md", false},
	} {
		got, err := files.In(c.dir).Resolve(c.path)
		if outside := errors.Is(err, ErrLinkOutside); outside != c.outside || (err != nil && !outside) || got != c.want {
			t.Errorf("In(%q).Resolve(%q) = %q, %v; want %q, outside %v", c.dir, c.path, got, err, c.want, c.outside)
		}
	}
	if data, ok, err := files.In("pkg").ReadFile("stories/real.md"); err != nil || !ok || string(data) != "the story\n" {
		t.Errorf("the resolved path does not read the story: %q, %v, %v", data, ok, err)
	}
}
