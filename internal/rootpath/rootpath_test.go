package rootpath

import "testing"

// TestRepoPathAndInDirAreInverse: a root-relative path taken out to the
// repository (RepoPath) and back into the root (InDir) is itself, at the
// top ("." or "") and inside a package.
func TestRepoPathAndInDirAreInverse(t *testing.T) {
	for _, c := range [][3]string{{"pkg", "a.go", "pkg/a.go"}, {".", "a.go", "a.go"}, {"", "a.go", "a.go"}} {
		if got := RepoPath(c[0], c[1]); got != c[2] {
			t.Errorf("RepoPath(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
		if back, ok := InDir(c[0], RepoPath(c[0], c[1])); !ok || back != c[1] {
			t.Errorf("InDir(%q, RepoPath) = %q, %v; want %q back", c[0], back, ok, c[1])
		}
	}
}
