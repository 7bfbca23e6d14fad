package story

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzParseReference holds the fast frontmatter path to its reference:
// ParseReference (yaml.v3 alone) never panics, and Parse, fast path and
// all, finds the same problems at the same places and reads the same id
// and state. Seeds live in testdata/fuzz/FuzzParseReference.
func FuzzParseReference(f *testing.F) {
	template, full := seeds(f)
	f.Add([]byte(template))
	f.Add([]byte(full))
	f.Add([]byte("---\nid: STORY-001\nstate: 'done'\nscope: {write: [a]}\n---\n# x\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		ref := ParseReference("STORY-001.md", src)
		exercise(t, ref)
		fast := Parse("STORY-001.md", src)
		if diff := cmp.Diff(ref.Problems, fast.Problems); diff != "" {
			t.Fatalf("problems differ (-reference +fast path):\n%s", diff)
		}
		if (ref.Front == nil) != (fast.Front == nil) {
			t.Fatalf("frontmatter read by one path only: reference %v, fast %v", ref.Front != nil, fast.Front != nil)
		}
		if ref.Front != nil && (ref.Front.ID.Value != fast.Front.ID.Value || ref.Front.State.Value != fast.Front.State.Value) {
			t.Fatalf("reference reads %q at %q, the fast path %q at %q", ref.Front.ID.Value, ref.Front.State.Value, fast.Front.ID.Value, fast.Front.State.Value)
		}
	})
}
