//go:build linux

package sandbox

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOpenBeneathRefusesEveryLink: a governed path is pinned only when no
// component from its tree down, the last included, is a symbolic link, so
// a link swapped in by another command (verify.jobs > 1) after the check
// can never make bwrap mount what it points to. The control is the plain
// path, which opens.
func TestOpenBeneathRefusesEveryLink(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	tree, outside := filepath.Join(root, "tree"), filepath.Join(root, "outside")
	for _, d := range []string{filepath.Join(tree, "tests"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(tree, "tests", "t.sh"), filepath.Join(outside, "secret")} {
		if err := os.WriteFile(f, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{filepath.Join(tree, "linkdir"): outside, filepath.Join(tree, "tests", "last"): filepath.Join(outside, "secret"),
		filepath.Join(tree, "inlink"): filepath.Join(tree, "tests")}
	for link, to := range links {
		if err := os.Symlink(to, link); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		path string
		ok   bool
	}{
		{filepath.Join(tree, "tests", "t.sh"), true},
		{filepath.Join(tree, "linkdir", "secret"), false},
		{filepath.Join(tree, "tests", "last"), false},
		{filepath.Join(tree, "inlink", "t.sh"), false},
		{filepath.Join(outside, "secret"), false},
	} {
		f, err := openBeneath(c.path, []string{tree})
		if (err == nil) != c.ok {
			t.Errorf("openBeneath(%s): %v, want ok=%v", c.path, err, c.ok)
		}
		if f != nil {
			f.Close()
		}
	}
}
