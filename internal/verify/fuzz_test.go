package verify

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"testing"
)

// FuzzMergeShards feeds two arbitrary documents to merge-results' reader
// and merge: nothing panics, and a merge that succeeds keeps every result
// of both shards and writes a document that reads back. Seeded with real
// shard documents of the demo (testdata/shard-*.json); the corpus lives in
// testdata/fuzz/FuzzMergeShards.
func FuzzMergeShards(f *testing.F) {
	one, err1 := os.ReadFile("testdata/shard-1of2.json")
	two, err2 := os.ReadFile("testdata/shard-2of2.json")
	if err := errors.Join(err1, err2); err != nil {
		f.Fatal(err)
	}
	f.Add(one, two)
	f.Add(two, one)
	f.Add(one, one)
	f.Fuzz(func(t *testing.T, a, b []byte) {
		da, errA := ReadDocument(bytes.NewReader(a))
		db, errB := ReadDocument(bytes.NewReader(b))
		if errA != nil || errB != nil {
			return
		}
		merged, err := Merge([]Document{da, db})
		if err != nil {
			return
		}
		if len(merged.Results) != len(da.Results)+len(db.Results) {
			t.Fatalf("merged %d results from %d and %d", len(merged.Results), len(da.Results), len(db.Results))
		}
		out, err := json.Marshal(merged)
		if err != nil {
			t.Fatalf("merged document does not encode: %v", err)
		}
		if _, err := ReadDocument(bytes.NewReader(out)); err != nil {
			t.Fatalf("merged document does not read back: %v", err)
		}
	})
}
