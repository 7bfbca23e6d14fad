package gate

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/internal/jsonstrict"
)

// FuzzReadDocument feeds arbitrary bytes to the results document reader
// that publish trusts with a write token: it never panics, what is not
// JSON is refused with a line:col, and what it
// accepts survives a write and a read unchanged, so the privileged half
// sees exactly what the unprivileged half meant. Seeded with a real
// document (the demo's, testdata/results-demo.json); the corpus lives in
// testdata/fuzz/FuzzReadDocument.
func FuzzReadDocument(f *testing.F) {
	seed, err := os.ReadFile("testdata/results-demo.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add([]byte(`{"version":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := Read(bytes.NewReader(data))
		var located *jsonstrict.Error
		if !json.Valid(data) && len(data) <= MaxDocumentBytes && !errors.As(err, &located) {
			t.Fatalf("not JSON: err = %v, want a positioned jsonstrict.Error", err)
		}
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := res.Write(&buf); err != nil {
			t.Fatalf("an accepted document does not write: %v", err)
		}
		again, err := Read(&buf)
		if err != nil {
			t.Fatalf("a written document does not read back: %v\n%s", err, buf.Bytes())
		}
		if d := cmp.Diff(res, again); d != "" {
			t.Fatalf("round trip changed the document (-first +second):\n%s", d)
		}
	})
}
