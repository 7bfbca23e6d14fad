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

// TestCloneTreeLinksOnlyWhatUid65534CannotChange runs as root (the case
// that links): a root file not writable by others is a hard link (same
// inode), a world-writable one a copy, one the command could not read is
// left out.
func TestCloneTreeLinksOnlyWhatUid65534CannotChange(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("links are made for a root storygate only")
	}
	src, dst := t.TempDir(), filepath.Join(t.TempDir(), "layer")
	for _, tc := range []struct {
		name string
		mode os.FileMode
	}{{"shared", 0o644}, {"writable", 0o666}, {"secret", 0o600}} {
		if err := os.WriteFile(filepath.Join(src, tc.name), []byte(tc.name), tc.mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(filepath.Join(src, tc.name), tc.mode); err != nil {
			t.Fatal(err)
		}
	}
	if err := cloneTree(src, dst, UnprivilegedID, true); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name          string
		present, same bool
	}{{"shared", true, true}, {"writable", true, false}, {"secret", false, false}} {
		orig, _ := os.Stat(filepath.Join(src, tc.name))
		got, err := os.Stat(filepath.Join(dst, tc.name))
		if (err == nil) != tc.present {
			t.Fatalf("%s present=%v, want %v", tc.name, err == nil, tc.present)
		}
		if tc.present && os.SameFile(orig, got) != tc.same {
			t.Fatalf("%s linked=%v, want %v", tc.name, os.SameFile(orig, got), tc.same)
		}
	}
}
