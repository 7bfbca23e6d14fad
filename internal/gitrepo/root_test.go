package gitrepo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPathOfFindsTheRootInItsRepository: the top is "."; a directory
// inside is its slash path; one named through a symlink in the
// repository is the directory the link leads to, where git reports its
// files; a link leading out of the work tree, or a directory elsewhere,
// is an error.
func TestPathOfFindsTheRootInItsRepository(t *testing.T) {
	t.Parallel()
	r, _ := treeRepo(t)
	top := r.Root()
	outside := t.TempDir()
	for _, link := range [][2]string{{"tests/deep", "alias"}, {outside, "away"}} {
		if err := os.Symlink(link[0], filepath.Join(top, link[1])); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ dir, want, err string }{
		{top, ".", ""},
		{top + "/", ".", ""},
		{filepath.Join(top, "tests"), "tests", ""},
		{filepath.Join(top, "tests", "deep"), "tests/deep", ""},
		{filepath.Join(top, "alias"), "tests/deep", ""},
		{filepath.Join(top, "away"), "", "is not inside the work tree"},
		{outside, "", "is not inside the work tree"},
		{filepath.Join(top, "missing"), "", "no such file"},
	} {
		got, err := r.PathOf(c.dir)
		if got != c.want || (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("PathOf(%s) = %q, %v; want %q, error %q", c.dir, got, err, c.want, c.err)
		}
	}
}

// TestWithinTakesChangesIntoTheRoot: changes inside the root keep their
// kind with root-relative paths; a sibling whose name starts with the
// root's, and everything outside, are dropped; at the top nothing is.
func TestWithinTakesChangesIntoTheRoot(t *testing.T) {
	t.Parallel()
	changes := []Change{{"pkg/a.go", Modified}, {"pkg/stories/S.md", Deleted}, {"pkgx/b.go", Created}, {"lib/stories/S.md", Created}, {"top.md", Modified}}
	for _, c := range []struct{ dir, want string }{
		{"pkg", "a.go:modified,stories/S.md:deleted"},
		{".", "pkg/a.go:modified,pkg/stories/S.md:deleted,pkgx/b.go:created,lib/stories/S.md:created,top.md:modified"},
		{"", "pkg/a.go:modified,pkg/stories/S.md:deleted,pkgx/b.go:created,lib/stories/S.md:created,top.md:modified"},
		{"lib/stories", "S.md:created"},
		{"other", ""},
	} {
		var got []string
		for _, ch := range Within(changes, c.dir) {
			got = append(got, ch.Path+":"+string(ch.Kind))
		}
		if strings.Join(got, ",") != c.want {
			t.Errorf("Within(%q) = %v, want %s", c.dir, got, c.want)
		}
	}
}

// TestFilesInReadsAtTheRootsPlace: a reader In a directory reads the
// commit's files by paths relative to it, and a path climbing out of it
// (or not clean) names no file, although the file it would name exists.
func TestFilesInReadsAtTheRootsPlace(t *testing.T) {
	t.Parallel()
	r, c := treeRepo(t)
	files, err := r.FilesAt(c)
	if err != nil {
		t.Fatal(err)
	}
	in := files.In("tests")
	for _, x := range []struct {
		p, want string
		ok      bool
	}{
		{"deep/a_test.txt", "a\n", true},
		{"../README", "", false},
		{"deep/../../README", "", false},
		{"./deep/a_test.txt", "", false},
		{"/README", "", false},
		{"README", "", false},
	} {
		got, ok, err := in.ReadFile(x.p)
		if err != nil || ok != x.ok || string(got) != x.want {
			t.Errorf("In(tests).ReadFile(%q) = %q, %v, %v; want %q, %v", x.p, got, ok, err, x.want, x.ok)
		}
		if _, hashOK, err := in.Hash(x.p); err != nil || hashOK != x.ok {
			t.Errorf("In(tests).Hash(%q) = %v, %v; want %v", x.p, hashOK, err, x.ok)
		}
	}
	if got, ok, _ := files.In("tests").In("deep").ReadFile("a_test.txt"); !ok || string(got) != "a\n" {
		t.Errorf("In(tests).In(deep) reads %q, %v", got, ok)
	}
	if got, ok, _ := files.In(".").ReadFile("README"); !ok || string(got) != "hello\n" {
		t.Errorf("In(.) reads %q, %v", got, ok)
	}
}
