package report

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
)

// FuzzPrinters feeds arbitrary results documents (as publish reads them)
// to the Markdown and SARIF printers, and arbitrary findings to the
// workflow-command printer: nothing panics, Markdown is a function of the
// document (so the sticky comment is edited only when its meaning
// changes), SARIF is JSON, and each finding is exactly one workflow
// command however its text is made, so no finding can smuggle in another
// command. Seeded with the demo's real document; the corpus lives in
// testdata/fuzz/FuzzPrinters.
func FuzzPrinters(f *testing.F) {
	seed, err := os.ReadFile("testdata/results-demo.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed, "stories/STORY-001.md", "a message\n::error::forged", 3, 5)
	f.Add([]byte(`{"version":1}`), "a,b:c%d", "100%\r\n", 0, -1)
	f.Fuzz(func(t *testing.T, doc []byte, file, message string, line, col int) {
		if res, err := gate.Read(bytes.NewReader(doc)); err == nil {
			checkDocumentPrinters(t, res)
		}
		d := diag.New("structure/too-large", diag.SeverityError, file, diag.Pos{Line: line, Column: col}, "%s", message)
		var out bytes.Buffer
		if err := Print(&out, "github", Document{Tool: "fuzz", Diagnostics: []diag.Diagnostic{d}}); err != nil {
			t.Fatal(err)
		}
		if lines := strings.Count(out.String(), "\n"); lines != 1 || strings.ContainsRune(strings.TrimSuffix(out.String(), "\n"), '\r') {
			t.Fatalf("one finding printed as %d lines: %q", lines, out.String())
		}
	})
}

func checkDocumentPrinters(t *testing.T, res *gate.Results) {
	t.Helper()
	if a, b := Markdown(res, MarkdownOptions{}), Markdown(res, MarkdownOptions{}); a != b {
		t.Fatal("Markdown differs between two renderings of one document")
	}
	var out bytes.Buffer
	if err := Print(&out, "sarif", Document{Tool: "gate", Diagnostics: res.Diagnostics(), Version: res.Storygate}); err != nil {
		t.Fatalf("SARIF: %v", err)
	}
	if !json.Valid(out.Bytes()) {
		t.Fatalf("SARIF is not JSON:\n%s", out.Bytes())
	}
}
