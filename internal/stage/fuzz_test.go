package stage

import (
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/linebreak"
)

// FuzzParseFile feeds arbitrary bytes through the parser, every rule and the
// compile. Nothing may panic, and every finding must be positioned on a
// real line of the input. Seeds live in testdata/fuzz/FuzzParseFile.
func FuzzParseFile(f *testing.F) {
	f.Add([]byte(validFront))
	f.Add([]byte("---\rslug: demo\rphase: !x inception\r---\r# Demo\r## Steps\r"))
	f.Add([]byte("---\nslug: &s demo\nphase:\n  <<: {a: *s}\n--- # second\n---\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, parseDiags := ParseFile("construction/demo.md", data)
		s := &Set{Files: []*File{file}, ParseDiagnostics: parseDiags,
			Agents: map[string]bool{"aidlc-product-agent": true}, Scopes: map[string]bool{"enterprise": true}}
		g, ds := Compile(s)
		for _, d := range ds {
			checkPositioned(t, d, data)
		}
		if g != nil {
			if _, err := Marshal(g); err != nil {
				t.Fatalf("marshal: %v", err)
			}
		}
	})
}

func checkPositioned(t *testing.T, d diag.Diagnostic, data []byte) {
	t.Helper()
	lines := linebreak.Count(data) // lines as yaml.v3 counts them, lone CRs included
	if d.Line < 1 || d.Column < 1 || d.Line > lines {
		t.Fatalf("diagnostic off the input (%d lines): %s", lines, d)
	}
}
