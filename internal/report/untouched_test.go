package report

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
)

// TestMarkdownListsUntouchedFindingsApart: findings on stories the change
// did not touch get their own section, escaped like the rest, and never
// a story section or the run's counts; without them there is no section.
func TestMarkdownListsUntouchedFindingsApart(t *testing.T) {
	res := sampleResults()
	res.Gates[0].Untouched = []diag.Diagnostic{
		{Rule: "transition/illegal", Severity: diag.SeverityError, File: "stories/STORY-090.md", Line: 3, Column: 1, Message: "old <b>break</b> @octocat"},
		{Rule: "hitl/pending", Severity: diag.SeverityNotice, File: "stories/STORY-091.md", Line: 5, Column: 8, Message: "waits"},
	}
	res.Finish()
	md := Markdown(res, MarkdownOptions{})
	i := strings.Index(md, "### Untouched stories")
	if i < 0 {
		t.Fatalf("no untouched section:\n%s", md)
	}
	section := md[i:]
	if end := strings.Index(section, "</details>"); end > 0 {
		section = section[:end]
	}
	for _, want := range []string{"2 findings (1 error, 0 warnings, 1 notice) in 2 stories", "`stories/STORY-090.md:3`", "`hitl/pending`"} {
		if !strings.Contains(section, want) {
			t.Errorf("untouched section lacks %q:\n%s", want, section)
		}
	}
	if strings.Contains(md, "<b>break") || strings.Contains(md, "### STORY-090") || res.Counts.Errors != 2 {
		t.Errorf("untouched findings leaked (unescaped, as a story, or into the counts %+v):\n%s", res.Counts, md)
	}
	if plain := Markdown(sampleResults(), MarkdownOptions{}); strings.Contains(plain, "Untouched stories") {
		t.Error("a run without untouched findings has an untouched section")
	}
}

// TestMarkdownNamesWhichGateSetFindingsApart: the stages gate sets apart
// what the base already had on untouched stage files; the section says
// which files are stories and which stage files, under a heading naming
// both when both gates set some apart.
func TestMarkdownNamesWhichGateSetFindingsApart(t *testing.T) {
	story := diag.Diagnostic{Rule: "transition/illegal", Severity: diag.SeverityError, File: "stories/STORY-090.md", Line: 3, Column: 1, Message: "old"}
	stage := diag.Diagnostic{Rule: "stage/review-artifact-missing", Severity: diag.SeverityError, File: "stages/construction/code-generation.md", Line: 9, Column: 1, Message: "skew"}
	tests := []struct {
		name           string
		stories, stage []diag.Diagnostic
		heading, what  string
	}{
		{"stories only", []diag.Diagnostic{story}, nil, "### Untouched stories\n", "in 1 story this change"},
		{"stage files only", nil, []diag.Diagnostic{stage}, "### Untouched stage files\n", "in 1 stage file (already in the base revision) this change"},
		{"both", []diag.Diagnostic{story}, []diag.Diagnostic{stage}, "### Untouched stories and stage files\n", "in 1 story and 1 stage file (already in the base revision) this change"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := sampleResults()
			res.Gates[0].Untouched = tt.stories
			res.Gates = append(res.Gates, gate.Gate{Name: gate.Stages, Conclusion: gate.Success, Title: "stages", Diagnostics: []diag.Diagnostic{}, Untouched: tt.stage})
			res.Finish()
			md := Markdown(res, MarkdownOptions{})
			if !strings.Contains(md, tt.heading) || !strings.Contains(md, tt.what) {
				t.Errorf("want %q and %q in:\n%s", tt.heading, tt.what, md)
			}
		})
	}
}
