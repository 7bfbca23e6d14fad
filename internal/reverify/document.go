package reverify

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/storygate/storygate/internal/jsonstrict"
	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/sandbox"
)

// DocumentSchema names the re-verification results document.
const DocumentSchema = "storygate.reverify-results/v1"

// MaxDocumentBytes bounds the document the privileged phase reads.
const MaxDocumentBytes = 32 << 20

// ErrNotThisRun: the document was written by another run (a replayed
// artifact), for another repository or another commit.
var ErrNotThisRun = errors.New("the re-verification document is not this run's")

// Binding binds a document to the workflow run that produced it.
type Binding struct {
	Repository string `json:"repository"`
	ID         string `json:"run_id"`
	Commit     string `json:"commit"`
}

// Document is what the unprivileged phase hands the privileged one: the
// reruns' results. The privileged phase judges the findings from them
// itself and runs nothing.
type Document struct {
	Schema  string         `json:"schema"`
	Run     Binding        `json:"run"`
	Sandbox sandbox.Report `json:"sandbox"`
	Stories []Story        `json:"stories"`
}

// NewDocument records rep as produced by run.
func NewDocument(rep Report, run Binding) Document {
	return Document{Schema: DocumentSchema, Run: run, Sandbox: rep.Sandbox, Stories: rep.Stories}
}

// Report is the document as the privileged phase uses it, findings judged
// from the results.
func (d Document) Report() Report {
	rep := Report{Stories: append([]Story{}, d.Stories...), Sandbox: d.Sandbox}
	for i := range rep.Stories {
		rep.Stories[i].judge()
	}
	return rep
}

// WriteFile writes the document to path, creating its directory.
func (d Document) WriteFile(path string) error {
	data, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return fmt.Errorf("write the re-verification document: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("write the re-verification document: %w", err)
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("write the re-verification document: %w", err)
	}
	return nil
}

// ReadDocument reads the document at path, refusing a FIFO, a device or a
// file over MaxDocumentBytes before reading, what internal/jsonstrict
// refuses (a key twice in one object, trailing data; the error names the
// file:line:col), unknown fields, another schema, and a document not
// bound to want.
func ReadDocument(path string, want Binding) (Document, error) {
	data, err := safefile.ReadPath(path, MaxDocumentBytes)
	if err != nil {
		return Document{}, fmt.Errorf("read the re-verification document: %w", err)
	}
	var d Document
	if err := jsonstrict.Decode(data, &d, jsonstrict.RefuseUnknownFields); err != nil {
		return Document{}, fmt.Errorf("%s:%w", path, err)
	}
	switch {
	case d.Schema != DocumentSchema:
		return Document{}, fmt.Errorf("%s: schema %q, want %q", path, d.Schema, DocumentSchema)
	case d.Run != want:
		return Document{}, fmt.Errorf("%s: %w: it is bound to %+v, this run is %+v", path, ErrNotThisRun, d.Run, want)
	}
	return d, nil
}
