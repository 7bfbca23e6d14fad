package gitrepo

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
)

// TestBlobHashIsGitsObjectID: BlobHash, plain SHA-1 over git's blob
// header and the content, gives the id git hash-object and go-git's
// collision-detecting hash give, for empty, small, binary and
// multi-block contents (sizes around SHA-1's 64-byte block).
func TestBlobHashIsGitsObjectID(t *testing.T) {
	dir := t.TempDir()
	contents := map[string][]byte{"empty": nil, "line": []byte("hello\n"), "nul": {0, 1, 2, 0xff},
		"55": bytes.Repeat([]byte("a"), 55), "56": bytes.Repeat([]byte("b"), 56), "64": bytes.Repeat([]byte("c"), 64),
		"story": []byte(strings.Repeat("| 2026-01-05T23:57:00Z | planner | submit_plan |\n", 300))}
	for name, data := range contents {
		if got, want := BlobHash(data), plumbing.ComputeHash(plumbing.BlobObject, data); got != want {
			t.Errorf("%s: BlobHash %s, go-git %s", name, got, want)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if cli := strings.TrimSpace(gitRun(t, dir, "hash-object", "--no-filters", path)); BlobHash(data).String() != cli {
			t.Errorf("%s: BlobHash %s, git hash-object %s", name, BlobHash(data), cli)
		}
	}
}
