package workdir

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

func TestResolveWorkingDir(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	for _, dir := range []string{"services/api", "real"} {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{"escape": outside, "services/up": "../..", "inside": "real"}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		wd, want string
		refused  bool
	}{
		{"", root, false},
		{".", root, false},
		{"services/api", filepath.Join(root, "services/api"), false},
		{"services/api/", filepath.Join(root, "services/api"), false},
		{"services/../services/api", filepath.Join(root, "services/api"), false},
		{"inside", filepath.Join(root, "inside"), false},
		{"not/yet/created", filepath.Join(root, "not/yet/created"), false},
		{"/etc", "", true},
		{"..", "", true},
		{"services/../../x", "", true},
		{"escape", "", true},
		{"escape/sub/dir", "", true},
		{"services/up/x", "", true},
		{`services\api`, "", true},
		{"a\x00b", "", true},
	}
	for _, c := range cases {
		got, err := Resolve(root, c.wd)
		if refused := errors.Is(err, ErrOutside); refused != c.refused || (!c.refused && (err != nil || got != c.want)) {
			t.Errorf("Resolve(%q) = %q, %v; want %q, refused %v", c.wd, got, err, c.want, c.refused)
		}
	}
}

// FuzzCleanWorkingDir: whatever is written, an accepted working_dir is a
// clean relative path that never climbs out of the root.
func FuzzCleanWorkingDir(f *testing.F) {
	for _, s := range []string{"", ".", "services/api", "../x", "/etc", "a/../../b", `a\b`, "a/./b/", "..."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, wd string) {
		clean, err := Clean(wd)
		if err != nil {
			return
		}
		if filepath.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") || path.Clean(clean) != clean {
			t.Errorf("Clean(%q) = %q, which leaves the root", wd, clean)
		}
	})
}
