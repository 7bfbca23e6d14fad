package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/report"
)

// TestChecksSARIFLinksRecordsDocs: record checks are documented in
// docs/records.md, so their SARIF helpUri must land on a heading there
// rather than on a docs/rules.md entry that does not exist.
func TestChecksSARIFLinksRecordsDocs(t *testing.T) {
	golden := filepath.Join(recordsTestdata, "golden")
	code, out, errOut := runCLI("checks", "run", "--suite", "step-packet", "--format", "sarif", golden)
	if code != ExitFindings {
		t.Fatalf("code %d: %s", code, errOut)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID, HelpURI string }
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	headings := map[string]bool{}
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "records.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if text, ok := strings.CutPrefix(line, "## "); ok {
			headings[report.GitHubAnchor(text)] = true
		}
	}
	rules := log.Runs[0].Tool.Driver.Rules
	if len(rules) == 0 {
		t.Fatal("no rules in the SARIF")
	}
	for _, r := range rules {
		page, fragment, _ := strings.Cut(r.HelpURI, "#")
		if !strings.HasSuffix(page, "/docs/records.md") || !headings[fragment] {
			t.Errorf("%s: helpUri %s is not a docs/records.md heading", r.ID, r.HelpURI)
		}
	}
}

// TestGateRuleInfoCoversStagesAndRecords: the gate's SARIF describes the
// findings the stages and records gates add, not only the story rules.
func TestGateRuleInfoCoversStagesAndRecords(t *testing.T) {
	info := report.CatalogRules()
	for id, want := range map[string]string{"stage/unknown-key": "/docs/rules.md#stageunknown-key", "records/parse": "/docs/records.md#hostile-input", "state/illegal-state": "/docs/rules.md#stateillegal-state"} {
		r, ok := info[id]
		if !ok || r.Summary == "" || !strings.HasSuffix(report.RuleDocsURI(id, ""), want) {
			t.Errorf("%s: %+v", id, r)
		}
	}
	if d := info["state/illegal-state"].Description; !strings.Contains(d, ". Needs: file. Spec: ") || !strings.HasSuffix(d, "Default severity: error.") {
		t.Errorf("story rule description: %q", d)
	}
}
