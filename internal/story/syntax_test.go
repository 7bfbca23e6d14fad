package story

import (
	"strings"
	"testing"
)

// TestSyntaxErrorsAtFileLines checks that YAML syntax errors are reported
// at file lines: the frontmatter's first line is file line 2.
func TestSyntaxErrorsAtFileLines(t *testing.T) {
	cases := []struct {
		fm, want string
		line     int
	}{
		{"a: 1\nb: [3\nc: 2\n", "frontmatter is not valid YAML: did not find expected ',' or ']'", 3},
		{"ac:\n  - id: A\n   text: t\n", "frontmatter is not valid YAML: did not find expected '-' indicator", 4},
		{"a: \"x\nb: 2\n", "frontmatter is not valid YAML: found unexpected end of stream", 2},
		{"a: 1\n...\nb: 2\n", "frontmatter: the YAML document ends here, and yaml.v3 cannot read the text after it", 3},
	}
	for _, c := range cases {
		s := Parse("STORY-001.md", []byte("---\n"+c.fm+"---\n# STORY-001 x\n"))
		if len(s.Problems) != 1 || s.Front != nil {
			t.Fatalf("%q: problems = %v, want one and no frontmatter", c.fm, s.Problems)
		}
		if p := s.Problems[0]; p.Rule != "structure/frontmatter-syntax" || p.Pos.Line != c.line || !strings.HasPrefix(p.Message, c.want) {
			t.Errorf("%q: got %d: %q; want %d: %q", c.fm, p.Pos.Line, p.Message, c.line, c.want)
		}
	}
}

// TestStrictYAMLAtFileLines checks that each construct the strict subset
// refuses is a structure/frontmatter-syntax problem at the file line and
// column of the node yaml.v3 built for it, on both decoding paths.
func TestStrictYAMLAtFileLines(t *testing.T) {
	cases := []struct {
		fm, want  string
		line, col int
	}{
		{"id: STORY-001\nscope: &s\n  write: [src]\n", "frontmatter: YAML anchor &s", 3, 8},
		{"id: STORY-001\nbase: &b {write: [src]}\nscope:\n  <<: *b\n", "frontmatter: YAML anchor &b", 3, 7},
		{"id: STORY-001\nscope:\n  <<: {write: ['**']}\n", "frontmatter: YAML merge key <<", 4, 3},
		{"id: STORY-001\n<<: {parent: STORY-002}\n", "frontmatter: YAML merge key <<", 3, 1},
		{"id: STORY-001\niteration: !!str 3\n", "frontmatter: explicit YAML tag !!str", 3, 12},
		{"id: STORY-001\nstate: !done x\n", "frontmatter: explicit YAML tag !done", 3, 8},
		{"id: STORY-001\nmax_iterations: ! 3\n", "frontmatter: explicit YAML tag !", 3, 17},
		{"id: STORY-001\n--- # a second document\nid: STORY-002\n", "frontmatter: a second YAML document starts here", 3, 1},
		{"id: STORY-001\rstate: !!str done\n", "frontmatter: explicit YAML tag !!str", 3, 8},
		{"id: STORY-001\ntitle: a\u2028b\n", "frontmatter: character U+2028 in YAML", 3, 9},
	}
	for _, c := range cases {
		for _, fast := range []bool{true, false} {
			s := parseWith(fast, "STORY-001.md", []byte("---\n"+c.fm+"---\n# STORY-001 x\n"))
			if len(s.Problems) != 1 || s.Front != nil {
				t.Fatalf("%q: problems = %v, want one and no frontmatter", c.fm, s.Problems)
			}
			p := s.Problems[0]
			if p.Rule != "structure/frontmatter-syntax" || p.Pos.Line != c.line || p.Pos.Column != c.col || !strings.HasPrefix(p.Message, c.want) {
				t.Errorf("%q (fast path %v): got %d:%d %q; want %d:%d %q", c.fm, fast, p.Pos.Line, p.Pos.Column, p.Message, c.line, c.col, c.want)
			}
		}
	}
}
