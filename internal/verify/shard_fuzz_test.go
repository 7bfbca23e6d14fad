package verify

import "testing"

// FuzzParseShard feeds ParseShard arbitrary --shard values: it never
// panics; a shard it reads has 1 <= I <= N and reads back from its own
// String. Seeds live in testdata/fuzz/FuzzParseShard.
func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"1/2", " 2 / 4 ", "0/1", "3/2", "1/9223372036854775807", "-1/-1", "+1/+2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := ParseShard(s)
		if err != nil {
			return
		}
		if sh.Index < 1 || sh.Index > sh.Count {
			t.Fatalf("ParseShard(%q) = %+v", s, sh)
		}
		if back, err := ParseShard(sh.String()); err != nil || back != sh {
			t.Fatalf("%q read as %v; its String %q reads as %v, %v", s, sh, sh.String(), back, err)
		}
	})
}
