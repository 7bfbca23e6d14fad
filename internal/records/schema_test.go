package records

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/checks"
)

func parseOne(t *testing.T, file string, data []byte) Record {
	t.Helper()
	recs, problems := Parse(file, data)
	if len(problems) > 0 || len(recs) != 1 {
		t.Fatalf("parse %s: %v", file, problems)
	}
	return recs[0]
}

func readRecord(t *testing.T, file string) Record {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return parseOne(t, file, data)
}

// TestExamplesValidate checks that the pack's example instances validate
// against the template schemas they conform to.
func TestExamplesValidate(t *testing.T) {
	for _, name := range []string{"step-kind", "overhead-measurement"} {
		t.Run(name, func(t *testing.T) {
			s, err := LoadSchema(checks.FS, "template."+name)
			if err != nil {
				t.Fatal(err)
			}
			rec := readRecord(t, filepath.Join("testdata/examples", "example."+name+".json"))
			if ds := s.Validate(rec); len(ds) != 0 {
				t.Errorf("example does not validate: %v", ds)
			}
		})
	}
}

// TestGoldenPacketsAgainstSchema checks that good packets validate against
// template.step-packet and that a packet missing a required field does not,
// with the diagnostic at the offending value.
func TestGoldenPacketsAgainstSchema(t *testing.T) {
	s, err := LoadSchema(checks.FS, "template.step-packet")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		file    string
		wantErr string
		line    int
	}{
		{"good-repair.json", "", 0},
		{"good-observe.json", "", 0},
		{"bad-unbounded.json", "exploration_allowance", 1},
		{"bad-bare-refusal.json", "legal_options", 24},
		{"bad-procedure-unpinned.json", "/procedure_sha256", 4},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			ds := s.Validate(readRecord(t, filepath.Join("testdata/golden", tt.file)))
			if tt.wantErr == "" {
				if len(ds) != 0 {
					t.Fatalf("unexpected: %v", ds)
				}
				return
			}
			if len(ds) != 1 || !strings.Contains(ds[0].Message, tt.wantErr) || ds[0].Line != tt.line {
				t.Fatalf("want one error about %s on line %d, got %v", tt.wantErr, tt.line, ds)
			}
		})
	}
}
