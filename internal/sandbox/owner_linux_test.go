//go:build linux

package sandbox

import (
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

func ownerOf(t *testing.T, path string) int {
	t.Helper()
	info, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return int(info.Sys().(*syscall.Stat_t).Uid)
}

// TestChownTreeStaysInTheTree: a command's symlink out of its tree must
// not make storygate, as root, hand the link's target to the sandbox user.
func TestChownTreeStaysInTheTree(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("changing owners needs root, the only case storygate hands a tree over")
	}
	outside := filepath.Join(t.TempDir(), "passwd")
	tree := t.TempDir()
	for _, p := range []string{outside, filepath.Join(tree, "a", "file")} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(tree, "a", "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Dir(outside), filepath.Join(tree, "dirlink")); err != nil {
		t.Fatal(err)
	}
	if err := chownTree(tree, UnprivilegedID, UnprivilegedID); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{tree, filepath.Join(tree, "a"), filepath.Join(tree, "a", "file"), filepath.Join(tree, "a", "link"),
		filepath.Join(tree, "dirlink")} {
		if got := ownerOf(t, p); got != UnprivilegedID {
			t.Errorf("%s belongs to %d, want %d", p, got, UnprivilegedID)
		}
	}
	for _, p := range []string{outside, filepath.Dir(outside)} {
		if got := ownerOf(t, p); got != 0 {
			t.Errorf("%s, outside the tree, was handed to %d", p, got)
		}
	}
}

func TestMountParentsOpensEveryNonSystemAncestor(t *testing.T) {
	got := mountParents([]string{"/tmp/a/b/objects", "/tmp/a/c", "/usr/local/go", "/root/go/pkg"})
	want := []string{"--perms", "0755", "--dir", "/tmp/a", "--perms", "0755", "--dir", "/tmp/a/b",
		"--perms", "0755", "--dir", "/root", "--perms", "0755", "--dir", "/root/go"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
