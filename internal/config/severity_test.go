package config

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/internal/diag"
)

func TestApplySeverities(t *testing.T) {
	cfg := &Config{Rules: map[string]string{"a/raised": "error", "a/lowered": "notice", "a/off": "off"}}
	in := []diag.Diagnostic{
		{Rule: "a/raised", Severity: diag.SeverityWarning},
		{Rule: "a/lowered", Severity: diag.SeverityError},
		{Rule: "a/off", Severity: diag.SeverityError},
		{Rule: "a/untouched", Severity: diag.SeverityWarning},
	}
	want := []diag.Diagnostic{
		{Rule: "a/raised", Severity: diag.SeverityError},
		{Rule: "a/lowered", Severity: diag.SeverityNotice},
		{Rule: "a/untouched", Severity: diag.SeverityWarning},
	}
	if diff := cmp.Diff(want, cfg.ApplySeverities(in)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if in[2].Rule != "a/off" || in[1].Severity != diag.SeverityError {
		t.Errorf("the input was modified: %+v", in)
	}
}
