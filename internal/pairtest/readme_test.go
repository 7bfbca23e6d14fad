package pairtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/workflows"
)

// readmeGateWorkflow writes the README's quickstart gate workflow, as the
// README shows it, to a file, with each old string replaced.
func readmeGateWorkflow(t *testing.T, replacements ...string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(tools.moduleRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range workflows.Snippets("README.md", data) {
		text := string(f.Content)
		// The gate workflow, which the README shows as the file: its
		// comments first, then its name.
		if f.Fragment || !strings.Contains(text, "\nname: storygate\n") || !strings.Contains(text, "actions/upload-artifact@v4") {
			continue
		}
		for i := 0; i+1 < len(replacements); i += 2 {
			if !strings.Contains(text, replacements[i]) {
				t.Fatalf("the README's quickstart no longer contains %q", replacements[i])
			}
			text = strings.Replace(text, replacements[i], replacements[i+1], 1)
		}
		path := filepath.Join(t.TempDir(), "storygate.yml")
		writeFile(t, path, text)
		return path
	}
	t.Fatal("the README shows no quickstart gate workflow")
	return ""
}

// TestREADMEQuickstartReachesPublish runs the README's quickstart gate
// workflow as written (the host-mode action), and with the Docker action
// the README offers instead: in both modes the document the
// gate writes is the one its upload step uploads and the shipped
// publisher receives, posting its verdict rather than a missing document.
func TestREADMEQuickstartReachesPublish(t *testing.T) {
	t.Parallel()
	for name, edits := range map[string][]string{"host mode": nil, "Docker": {shippedGateStep, dockerGateStep}} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := newPair(t)
			base, head := p.commitFixture(fixtureNamed(t, "scope/out-of-scope/ok"))
			gateWorkflow := readmeGateWorkflow(t, edits...)
			out := p.run(base, head, scenario{gateWorkflow: gateWorkflow})
			if upload := stepOutcome(t, out.gate, gateWorkflow, func(s step) bool { return s.Uses == "actions/upload-artifact@v4" }); upload != "success" {
				t.Fatalf("the quickstart's upload step: %s\n%s", upload, out.gate.log)
			}
			files, ok := p.artifacts.get(gateRunID, "storygate-results")
			if !ok || len(files["results.json"]) == 0 {
				t.Fatalf("the artifact holds no results.json: %v", ok)
			}
			for _, check := range []string{"storygate / stories", "storygate / verify", "storygate / revert-check"} {
				if c, ok := out.checks[check]; !ok || strings.Contains(c.Title, missingDocumentTitle) {
					t.Errorf("%s: %+v (posted %v), want the document's verdict\n%s", check, c, ok, out.publish.log)
				}
			}
			if c := out.checks["storygate / stories"]; c.Conclusion != "success" {
				t.Errorf("published stories %s, want success\n%s", c.Conclusion, out.publish.log)
			}
		})
	}
}
