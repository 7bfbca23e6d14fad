package report

import (
	"bytes"
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/internal/diag"
)

func sampleDoc() Document {
	return Document{
		Tool: "validate",
		// In the findings pipeline's order (findings.Sort): printers
		// print as given.
		Diagnostics: []diag.Diagnostic{
			{Rule: "contract/section-mismatch", Severity: diag.SeverityWarning, File: "stories/a.md", Line: 2, Column: 1, Message: "lists AC2, which is not in acceptance_criteria"},
			{Rule: "state/illegal-state", Severity: diag.SeverityError, File: "stories/a.md", Line: 5, Column: 8, Message: "state \"x\" is not legal, 100%\nreally"},
			{Rule: "hitl/pending", Severity: diag.SeverityNotice, File: "stories/b.md", Line: 5, Column: 8, Message: "waits at plan_review"},
		},
		FilesChecked: 2,
		Rules:        map[string]RuleInfo{"state/illegal-state": {ID: "state/illegal-state", Summary: "state is legal"}},
	}
}

func render(t *testing.T, format string, doc Document) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Print(&buf, format, doc); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestTextPrintsInOrderAndSummarises: the text format prints the findings
// in the order the findings pipeline gave them, never its own, and closes
// with the summary.
func TestTextPrintsInOrderAndSummarises(t *testing.T) {
	want := `stories/a.md:2:1: lists AC2, which is not in acceptance_criteria [contract/section-mismatch]
stories/a.md:5:8: state "x" is not legal, 100%\nreally [state/illegal-state]
stories/b.md:5:8: waits at plan_review [hitl/pending]
1 error, 1 warning, 1 notice in 2 files
`
	if diff := cmp.Diff(want, render(t, "text", sampleDoc())); diff != "" {
		t.Error(diff)
	}
	reversed := sampleDoc()
	slices.Reverse(reversed.Diagnostics)
	if got := render(t, "text", reversed); !strings.HasPrefix(got, "stories/b.md:5:8:") {
		t.Errorf("the printer reordered the findings it was given:\n%s", got)
	}
	if got := render(t, "text", Document{FilesChecked: 1}); got != "no problems found in 1 file\n" {
		t.Errorf("empty summary = %q", got)
	}
}

func TestJSONShape(t *testing.T) {
	var doc JSONDocument
	if err := json.Unmarshal([]byte(render(t, "json", sampleDoc())), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Version != 1 || doc.Summary != (diag.Counts{Errors: 1, Warnings: 1, Notices: 1}) || doc.Diagnostics[0].File != "stories/a.md" || doc.Diagnostics[0].Line != 2 {
		t.Errorf("json = %+v", doc)
	}
	if !strings.Contains(render(t, "json", Document{}), `"diagnostics": []`) {
		t.Error("no diagnostics must print an empty array, not null")
	}
}

func TestGitHubEscapes(t *testing.T) {
	got := render(t, "github", sampleDoc())
	want := "::error file=stories/a.md,line=5,col=8,title=state/illegal-state::state \"x\" is not legal, 100%25%0Areally [state/illegal-state]"
	if !strings.Contains(got, want) || !strings.Contains(got, "::warning file=stories/a.md,line=2") || !strings.Contains(got, "::notice file=stories/b.md") {
		t.Errorf("github output:\n%s", got)
	}
	d := diag.Diagnostic{Rule: "r", File: "a,b:c.md", Line: 1, Column: 1, Message: "m"}
	if got := WorkflowCommand(d); !strings.HasPrefix(got, "::error file=a%2Cb%3Ac.md,") {
		t.Errorf("property escaping: %s", got)
	}
}

func TestSARIF(t *testing.T) {
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID               string `json:"id"`
						ShortDescription struct{ Text string }
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
			} `json:"results"`
			ColumnKind string `json:"columnKind"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(render(t, "sarif", sampleDoc())), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if log.Version != "2.1.0" || len(run.Results) != 3 || len(run.Tool.Driver.Rules) != 3 || run.ColumnKind != "unicodeCodePoints" {
		t.Fatalf("sarif = %+v", log)
	}
	for _, r := range run.Results {
		if run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s points at rule %d", r.RuleID, r.RuleIndex)
		}
	}
	levels := run.Results[0].Level + run.Results[1].Level + run.Results[2].Level
	if levels != "warningerrornote" {
		t.Errorf("levels = %s", levels)
	}
}

func TestUnknownFormat(t *testing.T) {
	if err := Print(&bytes.Buffer{}, "xml", Document{}); err == nil || ValidFormat("xml") {
		t.Error("xml accepted")
	}
}

// TestSARIFURIIsPercentEncoded checks that artifact URIs are RFC 3986
// relative references: segments percent-encoded, slashes kept.
func TestSARIFURIIsPercentEncoded(t *testing.T) {
	cases := map[string]string{
		"stories/STORY-001.md":     "stories/STORY-001.md",
		"stories/STORY 001 ü#.md":  "stories/STORY%20001%20%C3%BC%23.md",
		"a:b/c%d?.md":              "a%3Ab/c%25d%3F.md",
		"x/[1]{2}\\3\"4<5>^`|.md":  "x/%5B1%5D%7B2%7D%5C3%224%3C5%3E%5E%60%7C.md",
		"keep/-._~!$&'()*+,;=@.md": "keep/-._~!$&'()*+,;=@.md",
	}
	for path, want := range cases {
		doc := Document{Diagnostics: []diag.Diagnostic{{Rule: "r", Severity: diag.SeverityError, File: path, Line: 1, Column: 1, Message: "m"}}}
		var log struct {
			Runs []struct {
				Results []struct {
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct{ URI string } `json:"artifactLocation"`
						} `json:"physicalLocation"`
					} `json:"locations"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal([]byte(render(t, "sarif", doc)), &log); err != nil {
			t.Fatal(err)
		}
		if got := log.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI; got != want {
			t.Errorf("uri for %q = %q, want %q", path, got, want)
		}
		if u, err := url.Parse(want); err != nil || u.Scheme != "" || u.Path != path {
			t.Errorf("%q does not parse back to %q: %v %v", want, path, u, err)
		}
	}
}
