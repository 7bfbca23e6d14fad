package transition

import (
	"regexp"
	"testing"
)

var sumForm = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)

// FuzzParseDigest feeds ParseDigest arbitrary **Digest:** values: it
// never panics; a digest it reads is a sha256 sum and the value Digest
// would write for that sum and entry reads back the same. Seeds live in
// testdata/fuzz/FuzzParseDigest.
func FuzzParseDigest(f *testing.F) {
	sum := "sha256:" + "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	for _, s := range []string{sum, sum + " (contract)", sum + " (contract + Plan 2)", sum + "  (contract+ x ))", "sha256:XYZ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		sum, entry, ok := ParseDigest(value)
		if !ok {
			return
		}
		if !sumForm.MatchString(sum) {
			t.Fatalf("ParseDigest(%q): sum %q is not a sha256 sum", value, sum)
		}
		written := sum + " (contract)"
		if entry != "" {
			written = sum + " (contract + " + entry + ")"
		}
		if s, e, ok := ParseDigest(written); !ok || s != sum || e != entry {
			t.Fatalf("%q read as (%q, %q); written back as %q it reads as (%q, %q, %v)", value, sum, entry, written, s, e, ok)
		}
	})
}
