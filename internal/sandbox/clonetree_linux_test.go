//go:build linux

package sandbox

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCloneTreeCopiesWhatTheCommandMayChange: a copy (no links) is
// changed, a file replaced, a read-only directory opened, and the source
// stays as it was; the symlink is recreated.
func TestCloneTreeCopiesWhatTheCommandMayChange(t *testing.T) {
	src, dst := t.TempDir(), filepath.Join(t.TempDir(), "layer")
	if err := os.MkdirAll(filepath.Join(src, "mod@v1"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(src, "mod@v1", "a.go")
	if err := os.WriteFile(file, []byte("package a\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("mod@v1/a.go", filepath.Join(src, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(src, "mod@v1"), 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(filepath.Join(src, "mod@v1"), 0o755) })
	if err := cloneTree(src, dst, -1, false); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(filepath.Join(dst, "mod@v1"))
	if err != nil || info.Mode().Perm() != 0o555 {
		t.Fatalf("directory mode not kept: %v %v", info, err)
	}
	if to, err := os.Readlink(filepath.Join(dst, "link")); err != nil || to != "mod@v1/a.go" {
		t.Fatalf("link %q %v", to, err)
	}
	copied := filepath.Join(dst, "mod@v1", "a.go")
	for _, step := range []func() error{
		func() error { return os.Chmod(filepath.Join(dst, "mod@v1"), 0o755) },
		func() error { return os.Chmod(copied, 0o644) },
		func() error { return os.WriteFile(copied, []byte("poison\n"), 0o644) },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	if data, err := os.ReadFile(file); err != nil || string(data) != "package a\n" {
		t.Fatalf("the source changed: %q %v", data, err)
	}
	if data, _ := os.ReadFile(copied); string(data) != "poison\n" {
		t.Fatalf("the copy was not written (control): %q", data)
	}
}
