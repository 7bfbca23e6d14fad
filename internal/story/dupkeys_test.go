package story

import (
	"fmt"
	"strings"
	"testing"
)

// TestDuplicateKeysAnywhere checks that a repeated key in any mapping of
// the frontmatter is a syntax error at the repeat, naming the first.
func TestDuplicateKeysAnywhere(t *testing.T) {
	cases := []struct {
		name, fm, want string
		line, col      int
	}{
		{"top level", "id: A\ntitle: t\nid: B\n", `duplicate key "id" (first defined at line 2)`, 4, 1},
		{"in scope", "scope:\n  write: []\n  read: []\n  write:\n    - a\n", `duplicate key "write" in scope (first defined at line 3)`, 5, 3},
		{"in a verification item", "verification:\n  - id: V1\n    pass_when: a\n    pass_when: b\n", `duplicate key "pass_when" in verification[0] (first defined at line 4)`, 5, 5},
		{"in a later acceptance item", "acceptance_criteria:\n  - id: A\n    text: t\n  - id: B\n    text: u\n    id: C\n", `duplicate key "id" in acceptance_criteria[1] (first defined at line 5)`, 7, 5},
		{"in a flow mapping", "verification: [{id: V1, id: V2}]\n", `duplicate key "id" in verification[0] (first defined at line 2)`, 2, 25},
		{"quoted and plain spellings", "scope:\n  write: []\n  \"write\": []\n", `duplicate key "write" in scope (first defined at line 3)`, 4, 3},
		{"first in document order", "a:\n  x: 1\n  x: 2\nb: 1\nb: 2\n", `duplicate key "x" in a (first defined at line 3)`, 4, 3},
		{"deeper", "a:\n  b:\n    - c: 1\n      c: 2\n", `duplicate key "c" in a.b[0] (first defined at line 4)`, 5, 7},
		{"large mapping", largeMapping(60, "k7"), `duplicate key "k7" in m (first defined at line 10)`, 63, 3},
	}
	for _, fast := range []bool{true, false} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s/fast=%v", c.name, fast), func(t *testing.T) {
				s := parseWith(fast, "STORY-001.md", []byte("---\n"+c.fm+"---\n# x\n"))
				if s.Front != nil || len(s.Problems) != 1 {
					t.Fatalf("front = %v, problems = %v; want one problem and no frontmatter", s.Front != nil, s.Problems)
				}
				p := s.Problems[0]
				if p.Rule != "structure/frontmatter-syntax" || p.Message != c.want || p.Pos.Line != c.line || p.Pos.Column != c.col {
					t.Errorf("got %s %d:%d %q; want %d:%d %q", p.Rule, p.Pos.Line, p.Pos.Column, p.Message, c.line, c.col, c.want)
				}
			})
		}
	}
}

// TestDistinctKeysAreNotDuplicates keeps keys that only look alike apart.
func TestDistinctKeysAreNotDuplicates(t *testing.T) {
	for _, fm := range []string{
		"acceptance_criteria:\n  - id: A\n    text: t\n  - id: B\n    text: u\n", // same keys, different items
		"scope:\n  write: []\nwrite: []\n",                                       // same key, different mappings
		"a:\n  ID: 1\n  id: 2\n",                                                 // keys are case-sensitive
		largeMapping(60, ""),
	} {
		if s := Parse("STORY-001.md", []byte("---\n"+fm+"---\n# x\n")); len(s.Problems) > 0 {
			t.Errorf("%q: problems %v", fm, s.Problems)
		}
	}
}

// largeMapping is "m:" with n keys k0..k(n-1), then dup repeated when set.
func largeMapping(n int, dup string) string {
	var b strings.Builder
	b.WriteString("m:\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  k%d: %d\n", i, i)
	}
	if dup != "" {
		b.WriteString("  " + dup + ": again\n")
	}
	return b.String()
}

// parseWith parses through the fast path, or through yaml.v3 alone.
func parseWith(fast bool, path string, src []byte) *Story {
	if fast {
		return parse(path, src, false, nil)
	}
	return ParseReference(path, src)
}
