package chatops

import (
	"fmt"
	"strings"
	"testing"
)

// FuzzParseSource feeds ParseSource arbitrary **Source:** values: it
// never panics; a source it reads names one owner/name, a pull request and
// a comment id, and the URL written from them reads back the same. Seeds
// live in testdata/fuzz/FuzzParseSource.
func FuzzParseSource(f *testing.F) {
	for _, s := range []string{"https://github.com/o/r/pull/7#issuecomment-123", " https://ghe.example/o/r/pull/1#issuecomment-9 ",
		"https://github.com/o/r/pull/99999999999999999999#issuecomment-1", "`https://github.com/o/r/pull/7#issuecomment-123`"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		src, ok := ParseSource(value)
		if !ok {
			return
		}
		owner, name, cut := strings.Cut(src.Repo, "/")
		if !cut || owner == "" || name == "" || strings.Contains(name, "/") || src.PR < 0 || src.CommentID < 0 {
			t.Fatalf("ParseSource(%q) = %+v", value, src)
		}
		url := fmt.Sprintf("https://github.com/%s/pull/%d#issuecomment-%d", src.Repo, src.PR, src.CommentID)
		if back, ok := ParseSource(url); !ok || back != src {
			t.Fatalf("%q read as %+v; written back as %q it reads as %+v, %v", value, src, url, back, ok)
		}
	})
}
