package stage

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/internal/jsonstrict"
)

// FuzzReadGraph feeds ReadGraph arbitrary stage-graph.json files: it never
// panics; what is not JSON is refused with a line:col; a graph it accepts
// reads back equal from what Marshal writes of it. Seeds live in
// testdata/fuzz/FuzzReadGraph.
func FuzzReadGraph(f *testing.F) {
	honest, err := Marshal(&Graph{Version: GraphVersion})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(honest)
	f.Add([]byte(`{"version":1,"version":2}`))
	f.Add([]byte(`{"version":1,"stages":[{"name":"a"}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadGraph(data)
		var located *jsonstrict.Error
		if !json.Valid(data) && !errors.As(err, &located) {
			t.Fatalf("not JSON: err = %v, want a positioned jsonstrict.Error", err)
		}
		if err != nil {
			return
		}
		out, err := Marshal(g)
		if err != nil {
			t.Fatalf("an accepted graph does not encode: %v", err)
		}
		back, err := ReadGraph(out)
		if err != nil {
			t.Fatalf("Marshal's output does not read back: %v\n%s", err, out)
		}
		if diff := cmp.Diff(g, back, cmp.AllowUnexported(Graph{})); diff != "" {
			t.Fatalf("round trip differs (-read +reread):\n%s", diff)
		}
	})
}
