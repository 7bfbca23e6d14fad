//go:build linux

package sandbox

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"

	"github.com/storygate/storygate/internal/needsandbox"
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

// TestTheCloneIsHandedOverOnce: as root, the clone (and any other writable
// tree of its mounts) is walked before the first command only. What the
// first command makes, chmod included, stays the second's to change; what
// storygate writes as root and records (Tree.Wrote), a new directory on
// the way included, is handed over before the second command; a symlink
// the first command planted on a recorded path hands nothing outside the
// clone over. The control: a file storygate wrote without recording it
// stays root's, so the tree is not walked again.
func TestTheCloneIsHandedOverOnce(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("changing owners needs root, the only case storygate hands a tree over")
	}
	sb := New(context.Background(), Policy{Mode: Required})
	if !sb.Isolated() {
		needsandbox.Missing(t, sb.Report().Reason)
	}
	checkout, head := oneCommit(t, map[string]string{"tests/a.txt": "a\n"})
	tree, err := Clone(context.Background(), Source{Top: checkout, Place: ".", Commit: head})
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "f"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	cache, err := os.MkdirTemp("", "storygate-test-cache-")
	if err != nil {
		t.Fatal(err)
	}
	defer RemoveTree(cache)
	m := tree.Mounts()
	m.Writable = append(m.Writable, cache)
	env := []string{"PATH=/usr/bin:/bin", "CACHE=" + cache}
	first := `set -e; mkdir -p made/deep; echo m > made/deep/f; chmod 0500 made; echo c > "$CACHE/c"; ` +
		`ln -s ` + outside + ` escape; ln -s ` + filepath.Join(outside, "f") + ` lastlink`
	if out, err := runLaunch(t, sb, first, tree.Dir, env, m); err != nil {
		t.Fatalf("first command: %v: %s", err, out)
	}
	for _, rel := range []string{"tests/a.txt", "restored/dir/r.txt", "unrecorded.txt"} {
		p := filepath.Join(tree.Dir, rel)
		_ = os.Remove(p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("root\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if rel != "unrecorded.txt" {
			tree.Wrote(rel)
		}
	}
	tree.Wrote("escape/f")
	tree.Wrote("lastlink")
	second := `set -e; chmod 0700 made; echo 2 >> made/deep/f; echo 2 >> tests/a.txt; echo 2 >> restored/dir/r.txt; ` +
		`touch restored/dir/new restored/new; echo 2 >> "$CACHE/c"; { echo 2 >> unrecorded.txt; } 2>/dev/null || echo unrecorded-stays-root`
	out, err := runLaunch(t, sb, second, tree.Dir, env, m)
	if err != nil || out != "unrecorded-stays-root\n" {
		t.Fatalf("second command: %v: %q", err, out)
	}
	for _, p := range []string{outside, filepath.Join(outside, "f")} {
		if got := ownerOf(t, p); got != 0 {
			t.Errorf("%s, outside the tree, was handed to %d", p, got)
		}
	}
}
