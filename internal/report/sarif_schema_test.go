package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/storygate/storygate/internal/diag"
)

// sarifSchema compiles the SARIF 2.1.0 schema in testdata (see its
// README for where it comes from), asserting formats such as uri.
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	path := filepath.Join("testdata", "sarif", "sarif-2.1.0-rtm.5.json")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif.json", doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	return schema
}

func validateSARIF(t *testing.T, schema *jsonschema.Schema, out string) error {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	return schema.Validate(inst)
}

func TestSARIFValidatesAgainstTheSchema(t *testing.T) {
	schema := sarifSchema(t)
	odd := Document{Tool: "gate", Version: "v1.4.0", Diagnostics: []diag.Diagnostic{
		{Rule: "x/unknown", Severity: diag.SeverityWarning, File: "dir with space/ü:1.md", Line: 3, Column: 2, Message: "m\nwith a line break"},
	}}
	for name, doc := range map[string]Document{"sample": sampleDoc(), "empty": {Tool: "validate"}, "odd": odd} {
		if err := validateSARIF(t, schema, render(t, "sarif", doc)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestSARIFSchemaRefusesBrokenLogs shows the validation is real: logs
// code scanning would reject fail it.
func TestSARIFSchemaRefusesBrokenLogs(t *testing.T) {
	schema := sarifSchema(t)
	good := render(t, "sarif", sampleDoc())
	for name, broken := range map[string]string{
		"level":     strings.Replace(good, `"level": "error"`, `"level": "fatal"`, 1),
		"helpUri":   strings.Replace(good, `"helpUri": "https://`, `"helpUri": "not a uri `, 1),
		"version":   strings.Replace(good, `"version": "2.1.0"`, `"version": "2.0.0"`, 1),
		"startLine": strings.Replace(good, `"startLine": 2`, `"startLine": 0`, 1),
	} {
		if broken == good {
			t.Fatalf("%s: the replacement did not apply", name)
		}
		if err := validateSARIF(t, schema, broken); err == nil {
			t.Errorf("%s: a broken log validates", name)
		}
	}
}

func TestSARIFRuleMetadata(t *testing.T) {
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Version, SemanticVersion string
					Rules                    []sarifRule
				}
			}
			AutomationDetails struct{ ID string }
		}
	}
	doc := sampleDoc()
	doc.Version = "v1.4.0"
	doc.Rules["contract/section-mismatch"] = RuleInfo{Summary: "sections agree", Description: "Every section agrees with its list."}
	if err := json.Unmarshal([]byte(render(t, "sarif", doc)), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if run.Tool.Driver.Version != "v1.4.0" || run.Tool.Driver.SemanticVersion != "1.4.0" || run.AutomationDetails.ID != "storygate/validate/" {
		t.Errorf("driver %+v, automation %+v", run.Tool.Driver, run.AutomationDetails)
	}
	for _, r := range run.Tool.Driver.Rules {
		if r.ShortDescription.Text == "" || r.FullDescription.Text == "" || r.Help.Text == "" || r.Help.Markdown == "" {
			t.Errorf("%s lacks a description or help: %+v", r.ID, r)
		}
		want := "https://github.com/storygate/storygate/blob/v1.4.0/docs/rules.md#" + strings.ReplaceAll(r.ID, "/", "")
		if r.HelpURI != want || !strings.Contains(r.Help.Text, want) || !strings.Contains(r.Help.Markdown, "]("+want+")") {
			t.Errorf("%s: helpUri %s, want %s", r.ID, r.HelpURI, want)
		}
	}
	byID := map[string]sarifRule{}
	for _, r := range run.Tool.Driver.Rules {
		byID[r.ID] = r
	}
	if r := byID["state/illegal-state"]; r.ShortDescription.Text != "State is legal" || r.FullDescription.Text != "State is legal." {
		t.Errorf("summary-only rule: %+v", r)
	}
	if r := byID["contract/section-mismatch"]; r.FullDescription.Text != "Every section agrees with its list." {
		t.Errorf("described rule: %+v", r)
	}
	if r := byID["hitl/pending"]; r.ShortDescription.Text != "Storygate rule hitl/pending" {
		t.Errorf("unknown rule: %+v", r)
	}
}

func TestRuleDocsURIFollowsTheVersion(t *testing.T) {
	for ver, ref := range map[string]string{"v2.0.1": "v2.0.1", "dev-0123456789ab": "main", "dev": "main", "v0.0.0-20260101-abcdef": "main", "": "main"} {
		if got := RuleDocsURI("verify/failed", ver); got != projectURI+"/blob/"+ref+"/docs/rules.md#verifyfailed" {
			t.Errorf("%q: %s", ver, got)
		}
	}
	for heading, want := range map[string]string{"`structure/not-text`": "structurenot-text", "Stage rules": "stage-rules",
		"`stage/mode_x` (new!)": "stagemode_x-new", "Ünïcode Rules": "ünïcode-rules"} {
		if got := GitHubAnchor(heading); got != want {
			t.Errorf("anchor of %q = %q, want %q", heading, got, want)
		}
	}
}

// TestSARIFCategoryPerRoot: each root's uploads keep their own
// code-scanning category, named by the root's place (Category); the top
// keeps the one it always had.
func TestSARIFCategoryPerRoot(t *testing.T) {
	for _, c := range []struct {
		tool, category, want string
	}{
		{"validate", "", "storygate/validate/"},
		{"validate", ".", "storygate/validate/"},
		{"validate", "pkg-a", "storygate/validate/pkg-a/"},
		{"gate", "packages/api", "storygate/gate/packages/api/"},
		{"gate", ".", "storygate/gate/"},
		{"verify", "my pkg", "storygate/verify/my-pkg/"},
	} {
		var log struct {
			Runs []struct{ AutomationDetails struct{ ID string } }
		}
		doc := sampleDoc()
		doc.Tool, doc.Category = c.tool, c.category
		if err := json.Unmarshal([]byte(render(t, "sarif", doc)), &log); err != nil {
			t.Fatal(err)
		}
		if got := log.Runs[0].AutomationDetails.ID; got != c.want {
			t.Errorf("%s at category %q: automationDetails.id %q, want %q", c.tool, c.category, got, c.want)
		}
	}
}
