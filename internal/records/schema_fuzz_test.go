package records

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// FuzzLoadSchema feeds LoadSchema arbitrary schema files: it never
// panics, a refusal names the schema, and a schema it compiles checks a
// record without panicking. Seeded with the pack's schemas; the corpus
// lives in testdata/fuzz/FuzzLoadSchema.
func FuzzLoadSchema(f *testing.F) {
	names, _ := filepath.Glob("../../checks/schemas/*.json")
	for _, name := range names {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"type":"object","required":["ask"],"properties":{"ask":{"type":"boolean"}}}`))
	f.Add([]byte(`{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/a"}}}`))
	f.Add([]byte(`{"type":"object","type":"array"}`))
	f.Add([]byte(`{"pattern":"(?<name>a)"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{SchemaDir + "/template.x.json": {Data: data}}
		s, err := LoadSchema(fsys, "template.x")
		if err != nil {
			if !strings.Contains(err.Error(), `schema "template.x"`) {
				t.Fatalf("a refusal that does not name the schema: %v", err)
			}
			return
		}
		records, _ := Parse("r.json", []byte(`{"ask": true, "steps": [1, "two", null]}`))
		for _, r := range records {
			_ = s.Validate(r)
		}
	})
}
