package config

import "testing"

// FuzzParseFilterMode feeds ParseFilterMode arbitrary text: a mode it
// reads is one of the legal ones and reads back from its own text; other
// text is refused naming the legal values. Seeds live in
// testdata/fuzz/FuzzParseFilterMode.
func FuzzParseFilterMode(f *testing.F) {
	for _, s := range []string{"changed", "all", "ALL", " all", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		mode, err := ParseFilterMode(text)
		if err != nil {
			return
		}
		if mode != FilterChanged && mode != FilterAll {
			t.Fatalf("ParseFilterMode(%q) = %q", text, mode)
		}
		if back, err := ParseFilterMode(string(mode)); err != nil || back != mode {
			t.Fatalf("%q read as %q; it reads back as %q, %v", text, mode, back, err)
		}
	})
}
