package report

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/storygate/storygate/internal/diag"
)

// JSONVersion is the version of the JSON document; it changes only when a
// field changes meaning or disappears.
const JSONVersion = 1

// JSONDocument is the shape of --format json.
type JSONDocument struct {
	Version     int               `json:"version"`
	Tool        string            `json:"tool,omitempty"`
	Diagnostics []diag.Diagnostic `json:"diagnostics"`
	// Untouched are findings on stories the change did not touch
	// (validate --filter changed): listed apart, judged nowhere.
	Untouched    []diag.Diagnostic `json:"untouched,omitempty"`
	FilesChecked int               `json:"files_checked"`
	Summary      diag.Counts       `json:"summary"`
	// Results are verify's per-item outcomes, one per command rerun.
	Results []ItemResult `json:"results,omitempty"`
}

// ItemResult is one verification item's rerun, as verify's JSON lists it.
type ItemResult struct {
	Story      string `json:"story"`
	ID         string `json:"id"`
	Line       int    `json:"line"`
	Command    string `json:"command"`
	Verdict    string `json:"verdict"`
	ExitCode   int    `json:"exit_code"`
	DurationMS int64  `json:"duration_ms"`
	// Error says why the item could not be judged (verdict error).
	Error string `json:"error,omitempty"`
	// Cause is the last lines of a failed rerun's stderr (verify.Cause).
	Cause string `json:"cause,omitempty"`
}

func printJSON(w io.Writer, doc Document) error {
	out := JSONDocument{
		Version:      JSONVersion,
		Tool:         doc.Tool,
		Diagnostics:  doc.Diagnostics,
		Untouched:    doc.Untouched,
		FilesChecked: doc.FilesChecked,
		Summary:      diag.Count(doc.Diagnostics),
		Results:      doc.Results,
	}
	if out.Diagnostics == nil {
		out.Diagnostics = []diag.Diagnostic{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return fmt.Errorf("write json report: %w", err)
	}
	return nil
}
