package stage

import (
	"bytes"
	"fmt"
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

// FuzzBuildWithout builds the graph of sets with any findings, as the PR
// gate does to show what changed in a set that does not compile (and as a
// compile does once a repository turns an error rule down): three stage
// files from the fuzzer's bytes, split at "\x00". Nothing may panic or
// hang, whatever the findings (cycles, duplicate slugs, unknown stages),
// and the graph must marshal. Seeds live in testdata/fuzz/FuzzBuildWithout.
func FuzzBuildWithout(f *testing.F) {
	cycle := "---\nslug: a\nphase: construction\nrequires_stage: [b]\nproduces: [x]\nconsumes: [{artifact: y, required: true}]\n---\n# A\n## Steps\n"
	back := "---\nslug: b\nphase: construction\nrequires_stage: [a]\nproduces: [y]\nfor_each: x\nconsumes: [{artifact: x, required: true}]\n---\n# B\n## Steps\n"
	f.Add([]byte(validFront + "\x00" + cycle + "\x00" + back))
	f.Add([]byte(cycle + "\x00" + cycle + "\x00---\nslug: [a]\n---\n"))
	f.Add([]byte("---\nslug: c\nphase: inception\nnumber: 1.x\nscopes: [enterprise, nope]\n---\n\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s := &Set{Agents: map[string]bool{"aidlc-product-agent": true}, Scopes: map[string]bool{"enterprise": true}}
		for i, part := range bytes.SplitN(data, []byte{0}, 3) {
			file, ds := ParseFile(fmt.Sprintf("construction/s%d.md", i), part)
			s.Files, s.ParseDiagnostics = append(s.Files, file), append(s.ParseDiagnostics, ds...)
		}
		ds := Check(s)
		for _, leftOut := range []map[string]bool{nil, s.ErrorSlugs(ds)} {
			if _, err := Marshal(BuildWithout(s, leftOut)); err != nil {
				t.Fatalf("marshal: %v", err)
			}
		}
	})
}
