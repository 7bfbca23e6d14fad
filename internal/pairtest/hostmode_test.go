package pairtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The shipped gate workflow's storygate step (the host-mode action.yml),
// the same step with the old name host/ and with the Docker action, and
// the upload path.
const (
	shippedGateStep = "uses: storygate/storygate@v0.1.0"
	aliasGateStep   = "uses: storygate/storygate/host@v0.1.0"
	dockerGateStep  = "uses: storygate/storygate/docker@v0.1.0"
	uploadPath      = "path: ${{ steps.storygate.outputs.results }}"
)

// TestHostModeResultsReachPublish runs the shipped gate workflow, whose
// action is host mode, and the same with its old name host/: install.sh
// downloads and checks the binary, the action writes its
// document under RUNNER_TEMP (outside the workspace) and names it in its
// results output, the upload step uploads what that output names, and
// publish posts the document's verdict. The controls: the upload step as
// it shipped before (path: .storygate/) finds nothing in host mode and
// fails, and a gate step that fails before writing any document leaves
// the output unset, which fails the upload too; publish then posts
// failing check runs saying no document was uploaded.
func TestHostModeResultsReachPublish(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		edits []string
		// uploaded: the upload step succeeds and publish gets the document.
		uploaded bool
	}{
		{name: "shipped upload step", uploaded: true},
		{name: "the old name storygate/storygate/host", edits: []string{shippedGateStep, aliasGateStep}, uploaded: true},
		{name: "control: the upload step shipped before", edits: []string{uploadPath, "path: .storygate/"}},
		{name: "control: the gate step writes no document", edits: []string{
			`report-only: "true"`, `report-only: "true"` + "\n          gates: no-such-gate"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := newPair(t)
			base, head := p.commitFixture(fixtureNamed(t, "scope/out-of-scope/ok"))
			gateWorkflow := editedWorkflow(t, "storygate.yml", tt.edits...)
			out := p.run(base, head, scenario{gateWorkflow: gateWorkflow})
			upload := stepOutcome(t, out.gate, gateWorkflow, func(s step) bool { return s.Uses == "actions/upload-artifact@v4" })
			if got := upload == "success"; got != tt.uploaded {
				t.Fatalf("the upload step's outcome is %s, want success %v\n%s", upload, tt.uploaded, out.gate.log)
			}
			if !tt.uploaded {
				assertMissingDocument(t, out, head)
				return
			}
			assertHostDocumentUploaded(t, p, out)
		})
	}
}

// assertHostDocumentUploaded checks that the document host mode wrote is
// under the gate job's RUNNER_TEMP, not in its workspace, that the
// artifact holds it, and that publish posted its verdict.
func assertHostDocumentUploaded(t *testing.T, p *pair, out pairOutcome) {
	t.Helper()
	named := out.gate.outputs["storygate"]["results"]
	temp := filepath.Join(filepath.Dir(out.gate.workspace), "temp")
	if !strings.HasPrefix(named, temp+string(filepath.Separator)) {
		t.Fatalf("the host action's results output is %q, want a path under RUNNER_TEMP %s\n%s", named, temp, out.gate.log)
	}
	written, err := os.ReadFile(named)
	if err != nil {
		t.Fatalf("the results output names no document: %v", err)
	}
	files, ok := p.artifacts.get(gateRunID, "storygate-results")
	if !ok || string(files["results.json"]) != string(written) {
		t.Fatalf("the artifact holds %d files, want the document the output names as results.json", len(files))
	}
	for _, name := range []string{"storygate / stories", "storygate / verify", "storygate / revert-check"} {
		if c, ok := out.checks[name]; !ok || strings.Contains(c.Title, missingDocumentTitle) {
			t.Errorf("%s: %+v (posted %v), want the document's verdict\n%s", name, c, ok, out.publish.log)
		}
	}
	if c := out.checks["storygate / stories"]; c.Conclusion != "success" {
		t.Errorf("published stories %s, want success\n%s", c.Conclusion, out.publish.log)
	}
}

// assertMissingDocument checks that publish posted failing check runs on
// the head saying the gate uploaded no document.
func assertMissingDocument(t *testing.T, out pairOutcome, head string) {
	t.Helper()
	for _, name := range []string{"storygate / stories", "storygate / verify", "storygate / revert-check"} {
		c, ok := out.checks[name]
		if !ok || c.Conclusion != "failure" || !strings.Contains(c.Title, missingDocumentTitle) || c.HeadSHA != head {
			t.Errorf("%s: %+v (posted %v), want a failure saying %q on the head", name, c, ok, missingDocumentTitle)
		}
	}
}
