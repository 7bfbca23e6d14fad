package github

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/storygate/storygate/internal/diag"
)

func TestAnnotationsFromDiagnostics(t *testing.T) {
	ds := []diag.Diagnostic{
		{Rule: "r/e", Severity: diag.SeverityError, File: "a.md", Line: 3, Column: 2, Message: "bad"},
		{Rule: "r/w", Severity: diag.SeverityWarning, File: "b.md", Line: 0, Message: "meh"},
		{Rule: "r/n", Severity: diag.SeverityNotice, File: "c.md", Line: 9, Message: "fyi"},
	}
	got := AnnotationsFromDiagnostics(ds)
	want := []Annotation{
		{Path: "a.md", StartLine: 3, EndLine: 3, StartColumn: 2, EndColumn: 2, Level: LevelFailure, Title: "r/e", Message: "bad"},
		{Path: "b.md", StartLine: 1, EndLine: 1, Level: LevelWarning, Title: "r/w", Message: "meh"},
		{Path: "c.md", StartLine: 9, EndLine: 9, Level: LevelNotice, Title: "r/n", Message: "fyi"},
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("annotation %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestTrimOutput(t *testing.T) {
	if got := TrimOutput("short", 100, "x"); got != "short" {
		t.Errorf("short text changed: %q", got)
	}
	long := strings.Repeat("é line\n", 20000)
	got := TrimOutput(long, MaxOutputBytes, "results.json")
	if len(got) >= MaxOutputBytes || !utf8.ValidString(got) || !strings.HasSuffix(got, "full results: results.json\n") {
		t.Errorf("trimmed to %d bytes, valid UTF-8 %v, tail %q", len(got), utf8.ValidString(got), got[len(got)-60:])
	}
	if exact := strings.Repeat("x", MaxOutputBytes); len(TrimOutput(exact, MaxOutputBytes, "")) >= MaxOutputBytes {
		t.Error("text of exactly the limit must be trimmed")
	}
}

func TestBatches(t *testing.T) {
	for n, want := range map[int][]int{0: {0}, 50: {50}, 51: {50, 1}, 120: {50, 50, 20}} {
		got := batches(make([]Annotation, n))
		if len(got) != len(want) {
			t.Fatalf("%d: %d batches, want %d", n, len(got), len(want))
		}
		for i := range want {
			if len(got[i]) != want[i] {
				t.Errorf("%d: batch %d has %d, want %d", n, i, len(got[i]), want[i])
			}
		}
	}
}

func TestParsePermissionAndOrder(t *testing.T) {
	for name, want := range map[string]Permission{"admin": PermissionAdmin, "Maintain": PermissionMaintain, "push": PermissionWrite, "pull": PermissionRead, "none": PermissionNone} {
		if got, err := ParsePermission(name); err != nil || got != want {
			t.Errorf("%s: %v, %v", name, got, err)
		}
	}
	if _, err := ParsePermission("owner"); err == nil {
		t.Error("unknown permission accepted")
	}
	if !PermissionMaintain.AtLeast(PermissionWrite) || PermissionTriage.AtLeast(PermissionWrite) {
		t.Error("ordering wrong")
	}
	if got := permissionFromAPI("custom-role", "write"); got != PermissionWrite {
		t.Errorf("custom role falls back to legacy: %v", got)
	}
}

func TestParseRepo(t *testing.T) {
	if r, err := ParseRepo("octo/demo"); err != nil || r.FullName() != "octo/demo" {
		t.Errorf("%v, %v", r, err)
	}
	for _, bad := range []string{"", "octo", "/demo", "a/b/c"} {
		if _, err := ParseRepo(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
