package report

import (
	"encoding/json"
	"testing"

	"github.com/storygate/storygate/internal/diag"
)

// sarifFingerprints prints doc as SARIF and returns each result's
// storygate fingerprint, in order.
func sarifFingerprints(t *testing.T, ds []diag.Diagnostic) []string {
	t.Helper()
	var log sarifLog
	if err := json.Unmarshal([]byte(render(t, "sarif", Document{Tool: "gate", Diagnostics: ds})), &log); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range log.Runs[0].Results {
		fp, ok := r.PartialFingerprints[fingerprintKey]
		if !ok || fp == "" {
			t.Fatalf("result %+v has no %s", r, fingerprintKey)
		}
		out = append(out, fp)
	}
	return out
}

func finding(rule, file string, line int, msg string) diag.Diagnostic {
	return diag.Diagnostic{Rule: rule, Severity: diag.SeverityError, File: file, Line: line, Column: 1, Message: msg}
}

// TestSARIFFingerprintSurvivesLineMoves checks that a finding keeps its
// fingerprint when the lines above it move (another line, another column,
// a message naming the moved line), so code scanning keeps one alert.
func TestSARIFFingerprintSurvivesLineMoves(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		before, after diag.Diagnostic
	}{
		{"line moved", finding("story/missing-section", "stories/STORY-001.md", 10, "missing section Goal"),
			finding("story/missing-section", "stories/STORY-001.md", 14, "missing section Goal")},
		{"column moved", finding("story/bad-id", "s.md", 3, "bad id"),
			func() diag.Diagnostic { d := finding("story/bad-id", "s.md", 3, "bad id"); d.Column = 9; return d }()},
		{"message names the line", finding("story/duplicate-id", "s.md", 20, "STORY-001 repeats the id of line 4"),
			finding("story/duplicate-id", "s.md", 25, "STORY-001 repeats the id of line 9")},
		{"message names a position", finding("story/duplicate-id", "s.md", 20, "first defined at 4:1"),
			finding("story/duplicate-id", "s.md", 22, "first defined at 6:1")},
	}
	for _, tc := range tests {
		a := sarifFingerprints(t, []diag.Diagnostic{tc.before})
		b := sarifFingerprints(t, []diag.Diagnostic{tc.after})
		if a[0] != b[0] {
			t.Errorf("%s: fingerprint changed %s → %s", tc.name, a[0], b[0])
		}
	}
}

// TestSARIFFingerprintTellsFindingsApart checks that findings differing in
// rule, file or message, and identical findings twice in one file, get
// different fingerprints; and that a second run gives the same ones.
func TestSARIFFingerprintTellsFindingsApart(t *testing.T) {
	t.Parallel()
	ds := []diag.Diagnostic{
		finding("story/missing-section", "a.md", 1, "missing section Goal"),
		finding("story/bad-id", "a.md", 1, "missing section Goal"),
		finding("story/missing-section", "b.md", 1, "missing section Goal"),
		finding("story/missing-section", "a.md", 1, "missing section Scope"),
		finding("story/missing-section", "a.md", 7, "missing section Goal"), // the same finding again
	}
	got := sarifFingerprints(t, ds)
	seen := map[string]int{}
	for i, fp := range got {
		if j, dup := seen[fp]; dup {
			t.Errorf("findings %d and %d share fingerprint %s", j, i, fp)
		}
		seen[fp] = i
	}
	again := sarifFingerprints(t, ds)
	for i := range got {
		if got[i] != again[i] {
			t.Errorf("finding %d: run 1 %s, run 2 %s", i, got[i], again[i])
		}
	}
}
