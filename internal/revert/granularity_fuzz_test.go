package revert

import (
	"slices"
	"testing"
)

// FuzzParseGranularity feeds ParseGranularity arbitrary text: a
// granularity it reads is one of the four and reads back from its own
// text. Seeds live in testdata/fuzz/FuzzParseGranularity.
func FuzzParseGranularity(f *testing.F) {
	for _, s := range []string{"auto", "set", "file", "hunk", "HUNK", " file", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGranularity(s)
		if err != nil {
			return
		}
		if !slices.Contains([]Granularity{ByAuto, BySet, ByFile, ByHunk}, g) {
			t.Fatalf("ParseGranularity(%q) = %q", s, g)
		}
		if back, err := ParseGranularity(string(g)); err != nil || back != g {
			t.Fatalf("%q read as %q; it reads back as %q, %v", s, g, back, err)
		}
	})
}
