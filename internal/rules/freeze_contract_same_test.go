package rules

import (
	"reflect"
	"testing"

	"github.com/storygate/storygate/internal/story"
)

// TestSameValueIsDecodedEquality holds sameValue's shortcut (the YAML trees
// compared node by node) to what it stands for: the two values decoded and
// compared. The pairs differ in spelling only (quotes, flow against block,
// 0x10 against 16) or in meaning (a string against a number, an item
// more), and one side may lack the key. (Aliases never get here: the
// story parser refuses them.)
func TestSameValueIsDecodedEquality(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, key, a, b string
		want            bool
	}{
		{"identical", "scope", "scope: [src/, tests/]", "scope: [src/, tests/]", true},
		{"flow and block", "scope", "scope: [src/, tests/]", "scope:\n  - src/\n  - tests/", true},
		{"quoted and plain", "scope", "scope: ['src/']", "scope: [src/]", true},
		{"hex and decimal", "max_iterations", "max_iterations: 0x10", "max_iterations: 16", true},
		{"number and string", "max_iterations", "max_iterations: 3", "max_iterations: '3'", false},
		{"an item more", "scope", "scope: [src/]", "scope: [src/, tests/]", false},
		{"item order", "scope", "scope: [a, b]", "scope: [b, a]", false},
		{"nested map", "verification", "verification: [{id: V1, command: make}]", "verification:\n  - id: V1\n    command: make", true},
		{"nested map edited", "verification", "verification: [{id: V1, command: make}]", "verification: [{id: V1, command: make test}]", false},
		{"key order", "verification", "verification: [{id: V1, command: make}]", "verification: [{command: make, id: V1}]", true},
		{"null and missing", "scope", "scope: ~", "other: 1", true},
		{"missing on one side", "scope", "scope: [a]", "other: 1", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := frontOf(t, tt.a), frontOf(t, tt.b)
			for _, key := range []string{"scope", "max_iterations", "verification"} {
				var va, vb any
				if kv, ok := a.Keys[key]; ok {
					_ = kv.Value.Decode(&va)
				}
				if kv, ok := b.Keys[key]; ok {
					_ = kv.Value.Decode(&vb)
				}
				decoded := reflect.DeepEqual(va, vb)
				if got := sameValue(a, b, key); got != decoded {
					t.Errorf("%s: sameValue %v, decoded values equal %v", key, got, decoded)
				}
			}
			if got := sameValue(a, b, tt.key); got != tt.want {
				t.Errorf("sameValue(%s) = %v, want %v", tt.key, got, tt.want)
			}
		})
	}
}

func frontOf(t *testing.T, yaml string) *story.Frontmatter {
	t.Helper()
	s := story.Parse("s.md", []byte("---\n"+yaml+"\n---\n"))
	if s.Front == nil || s.Front.Keys == nil {
		t.Fatalf("no frontmatter parsed from %q", yaml)
	}
	return s.Front
}
