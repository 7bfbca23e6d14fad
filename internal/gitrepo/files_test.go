package gitrepo

import (
	"strings"
	"testing"
)

// TestFilesReadsWhatCommitFileReads holds Files to go-git's Commit.File
// for files, nested files, symlinks, directories and missing paths, and
// its hashes to the ones the git CLI computes.
func TestFilesReadsWhatCommitFileReads(t *testing.T) {
	r, c := treeRepo(t)
	files, err := r.FilesAt(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"README", "bin/run.sh", "tests/deep/a_test.txt", "tests/escape", "tests", "tests/deep",
		"missing", "tests/missing", "missing/dir/file", "README/x", "", "tests/"} {
		want, wantOK, err := r.ReadFile(c, p)
		if err != nil && p != "" && p != "tests/" {
			t.Fatalf("ReadFile(%q): %v", p, err)
		}
		got, ok, err := files.ReadFile(p)
		if err != nil {
			t.Fatalf("Files.ReadFile(%q): %v", p, err)
		}
		if ok != wantOK || string(got) != string(want) {
			t.Errorf("Files.ReadFile(%q) = %q, %v; Commit.File reads %q, %v", p, got, ok, want, wantOK)
		}
		h, hashOK, err := files.Hash(p)
		if err != nil || hashOK != ok {
			t.Fatalf("Hash(%q) = %v, %v, %v", p, h, hashOK, err)
		}
		if !ok {
			continue
		}
		if cli := strings.TrimSpace(gitRun(t, r.Root(), "rev-parse", "HEAD:"+p)); h.String() != cli {
			t.Errorf("Hash(%q) = %s, git says %s", p, h, cli)
		}
		if BlobHash(got) != h {
			t.Errorf("BlobHash of %q's content is %s, its entry %s", p, BlobHash(got), h)
		}
	}
}
