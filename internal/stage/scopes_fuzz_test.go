package stage

import (
	"testing"
	"testing/fstest"
)

// FuzzScopeLoader feeds the scope loader arbitrary scope files named
// aidlc-x.md: it never fails or panics, and the file names exactly one
// scope, x or the string name: of a frontmatter that parses. Seeds live in
// testdata/fuzz/FuzzScopeLoader.
func FuzzScopeLoader(f *testing.F) {
	f.Add([]byte("---\nname: refactor\n---\n# refactor\n"))
	f.Add([]byte("# no frontmatter\n"))
	f.Add([]byte("---\nname: [unclosed\n---\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := LoadScopes(fstest.MapFS{"aidlc-x.md": {Data: data}})
		if err != nil {
			t.Fatalf("scope loader failed: %v", err)
		}
		want := "x"
		if file, _ := ParseFile("aidlc-x.md", data); isString(file.Get("name")) && file.Get("name").Value != "" {
			want = file.Get("name").Value
		}
		if len(got) != 1 || !got[want] {
			t.Errorf("scopes %v, want only %q", got, want)
		}
	})
}
