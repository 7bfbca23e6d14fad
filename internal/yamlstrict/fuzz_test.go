package yamlstrict

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/linebreak"
)

// FuzzDecode holds Decode to yaml.v3: what it accepts decodes to the tree
// yaml.Unmarshal builds, with no anchor, alias, merge key or tag in it;
// what it refuses is refused on a line of the input. Seeds live in
// testdata/fuzz/FuzzDecode.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"a: &x 1\nb: *x\n", "m:\n  <<: {a: 1}\n", "a: !!str 1\nb: ! 2\n", "a: 1\n---\nb: 2\n",
		"a: 1\r---\rb: 2\r", "a: x\u0085b: 2\n", "id: X\nscope:\n  write: [a, b]\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, err := Decode(src)
		var v *Violation
		switch {
		case errors.As(err, &v):
			if v.Line < 1 || v.Line > linebreak.Count(src) || v.Column < 1 {
				t.Fatalf("violation off the input (%d lines): %v", linebreak.Count(src), v)
			}
			return
		case err != nil:
			return
		}
		var want yaml.Node
		if err := yaml.Unmarshal(src, &want); err != nil {
			t.Fatalf("Decode accepted what yaml.v3 refuses: %v", err)
		}
		if diff := cmp.Diff(&want, doc); diff != "" {
			t.Fatalf("tree differs from yaml.v3's (-yaml.v3 +Decode):\n%s", diff)
		}
	})
}
