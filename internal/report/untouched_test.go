package report

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
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
