package verify

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/jsonstrict"
	"github.com/storygate/storygate/internal/sandbox"
)

// DocumentVersion is the version of the verify results document; it changes
// only when a field changes meaning or disappears.
const DocumentVersion = 1

// Document is the verify results document (--out): every rerun with its
// claims, and the diagnostics they produced.
type Document struct {
	Version int    `json:"version"`
	Tool    string `json:"tool"`
	// Shard is set when this document covers one shard of the items.
	Shard *Shard `json:"shard,omitempty"`
	// Stories are the story paths whose items were considered.
	Stories     []string          `json:"stories"`
	Results     []Result          `json:"results"`
	Diagnostics []diag.Diagnostic `json:"diagnostics"`
	Summary     diag.Counts       `json:"summary"`
	// Sandbox says how the commands were isolated, or why they were not.
	Sandbox *sandbox.Report `json:"sandbox,omitempty"`
}

// NewDocument builds the results document and its diagnostics.
func NewDocument(stories []string, results []Result, shard *Shard) Document {
	d := Document{Version: DocumentVersion, Tool: "verify", Shard: shard,
		Stories: append([]string{}, stories...), Results: append([]Result{}, results...)}
	sort.Strings(d.Stories)
	d.Diagnostics = []diag.Diagnostic{}
	for _, r := range results {
		d.Diagnostics = append(d.Diagnostics, Findings(r)...)
	}
	d.finish()
	return d
}

// SetDiagnostics replaces the document's diagnostics (after filters such as
// configured severities, or with findings made outside the reruns) and
// recounts the summary.
func (d *Document) SetDiagnostics(ds []diag.Diagnostic) {
	d.Diagnostics = ds
	d.finish()
}

// finish sorts the results and diagnostics and recounts the summary.
func (d *Document) finish() {
	sort.SliceStable(d.Results, func(a, b int) bool { return resultLess(d.Results[a], d.Results[b]) })
	diag.Sort(d.Diagnostics)
	d.Summary = diag.Count(d.Diagnostics)
}

func resultLess(a, b Result) bool {
	if a.Story != b.Story {
		return a.Story < b.Story
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.ID < b.ID
}

// Write encodes the document as indented JSON.
func (d Document) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(d); err != nil {
		return fmt.Errorf("write verify results: %w", err)
	}
	return nil
}

// ReadDocument decodes a results document (a shard, for merge) and
// checks its version. It is read strictly (internal/jsonstrict): a key
// twice in one object, or two that encoding/json would both match to one
// field, and data after the document are refused, and a JSON error names
// its line:col; unknown fields are ignored, as before.
func ReadDocument(r io.Reader) (Document, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Document{}, fmt.Errorf("read verify results: %w", err)
	}
	var d Document
	if err := jsonstrict.Decode(data, &d, jsonstrict.AllowUnknownFields); err != nil {
		return Document{}, fmt.Errorf("read verify results: %w", err)
	}
	if d.Version != DocumentVersion || d.Tool != "verify" {
		return Document{}, fmt.Errorf("read verify results: not a verify results document of version %d (tool %q, version %d)", DocumentVersion, d.Tool, d.Version)
	}
	return d, nil
}
