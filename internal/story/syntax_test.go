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
		{"a: 1\n...\nb: 2\n", "frontmatter must be one YAML document: the document marker at line 3 ends it, and what follows would be ignored", 3},
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
