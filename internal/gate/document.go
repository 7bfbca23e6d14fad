package gate

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/storygate/storygate/internal/jsonstrict"
	"github.com/storygate/storygate/internal/safefile"
)

// MaxDocumentBytes bounds what Read accepts. A results document for
// hundreds of stories is a few megabytes; anything larger is refused rather
// than read into memory, since in the fork flow it comes from an untrusted run.
const MaxDocumentBytes = 32 << 20

// ErrInvalid marks a document that is not valid results data.
var ErrInvalid = errors.New("invalid results document")

// Write encodes the document as indented JSON.
func (r *Results) Write(w io.Writer) error {
	parts, err := r.encode()
	if err != nil {
		return fmt.Errorf("write results document: %w", err)
	}
	for _, p := range parts {
		if _, err := w.Write(p); err != nil {
			return fmt.Errorf("write results document: %w", err)
		}
	}
	return nil
}

// WriteFile writes the document to path, creating its directory, through a
// temporary file so a reader never sees half a document.
func (r *Results) WriteFile(path string) error {
	parts, err := r.encode()
	if err != nil {
		return fmt.Errorf("write results document: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("write results document: %w", err)
	}
	tmp := path + ".tmp"
	if err := writeParts(tmp, parts); err != nil {
		return fmt.Errorf("write results document: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("write results document: %w", err)
	}
	return nil
}

// writeParts writes parts, in order, to the file path (created or
// truncated).
func writeParts(path string, parts [][]byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	for _, p := range parts {
		if _, err := f.Write(p); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}

// Read decodes and validates a results document. It is read strictly
// (internal/jsonstrict): unknown fields, a key twice in one object (also
// two keys that differ only in case, which encoding/json would both match
// to one field: {"conclusion":"failure","Conclusion":"success"}), trailing
// data, a size over MaxDocumentBytes and every check of Validate make it
// fail with ErrInvalid; a JSON error names its line:col.
func Read(rd io.Reader) (*Results, error) {
	data, err := io.ReadAll(io.LimitReader(rd, MaxDocumentBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read results document: %w", err)
	}
	if len(data) > MaxDocumentBytes {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrInvalid, MaxDocumentBytes)
	}
	var r Results
	if err := jsonstrict.Decode(data, &r, jsonstrict.RefuseUnknownFields); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return &r, nil
}

// ReadFile reads and validates the document at path, refusing a FIFO, a
// device or a file over MaxDocumentBytes before reading (internal/safefile).
func ReadFile(path string) (*Results, error) {
	data, err := safefile.ReadPath(path, MaxDocumentBytes)
	if err != nil {
		return nil, fmt.Errorf("read results document: %w", err)
	}
	r, err := Read(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}
