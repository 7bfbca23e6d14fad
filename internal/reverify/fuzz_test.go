package reverify

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/internal/jsonstrict"
)

// FuzzReadDocument feeds the privileged phase's reader arbitrary files: it
// never panics; a file that is not JSON is refused at path:line:col; a
// document it accepts is bound to the run asked for and reads back equal
// after WriteFile. Seeds live in testdata/fuzz/FuzzReadDocument.
func FuzzReadDocument(f *testing.F) {
	want := Binding{Repository: "o/r", ID: "42", Commit: strings.Repeat("a", 40)}
	honest, err := json.Marshal(Document{Schema: DocumentSchema, Run: want, Stories: []Story{{Path: "stories/S.md", ID: "S", State: "done"}}})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(honest)
	f.Add([]byte(`{"schema":"storygate.reverify-results/v1","schema":"x"}`))
	f.Add([]byte(`{"schema":"storygate.reverify-results/v1","run":{"repository":"o/r","run_id":"42","RUN_ID":"43"}}`))
	dir := f.TempDir() // one directory for every input: a fresh one each time costs more than the read
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "reverify.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := ReadDocument(path, want)
		var located *jsonstrict.Error
		if !json.Valid(data) && (!errors.As(err, &located) || !strings.HasPrefix(err.Error(), path+":")) {
			t.Fatalf("not JSON: err = %v, want it at %s:line:col", err, path)
		}
		if err != nil {
			return
		}
		if d.Run != want || d.Schema != DocumentSchema {
			t.Fatalf("accepted a document of another run or schema: %+v", d)
		}
		again := filepath.Join(dir, "again.json")
		if err := d.WriteFile(again); err != nil {
			t.Fatal(err)
		}
		back, err := ReadDocument(again, want)
		if err != nil {
			t.Fatalf("a written document does not read back: %v", err)
		}
		first, _ := json.Marshal(d)
		second, _ := json.Marshal(back)
		if diff := cmp.Diff(string(first), string(second)); diff != "" {
			t.Fatalf("round trip differs (-read +reread):\n%s", diff)
		}
	})
}
