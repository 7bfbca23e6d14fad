package story

import "testing"

// TestLastLine checks that LastLine is the last line an editor shows.
func TestLastLine(t *testing.T) {
	for src, want := range map[string]int{"": 1, "a": 1, "a\n": 1, "a\nb": 2, "a\nb\n": 2, "a\n\n": 2, "\n": 1, "a\r\nb\r\n": 2, "a\rb\r": 2, "a\r\rb": 3} {
		if got := Parse("STORY-001.md", []byte(src)).LastLine(); got != want {
			t.Errorf("LastLine(%q) = %d, want %d", src, got, want)
		}
	}
}

// TestLoneCRIsALineBreak checks that a lone CR ends a line for the
// frontmatter (as for yaml.v3), the body (as for CommonMark) and Line:
// what follows it is one line further down, wherever it is.
func TestLoneCRIsALineBreak(t *testing.T) {
	src := "---\nid: STORY-001\rstate: seeded\r\n---\r# STORY-001 T\r\r## Goal\rtext\n## Non-Goals\n"
	s := Parse("STORY-001.md", []byte(src))
	if s.Front == nil || len(s.Problems) > 0 {
		t.Fatalf("problems: %v", s.Problems)
	}
	if got := s.Front.KeyPos("state"); got != (Pos{Line: 3, Column: 1}) {
		t.Errorf("state at %v, want 3:1", got)
	}
	if s.Front.EndLine != 4 || s.BodyLine() != 5 {
		t.Errorf("frontmatter ends at %d, body at %d; want 4 and 5", s.Front.EndLine, s.BodyLine())
	}
	want := map[string]int{"STORY-001 T": 5, "Goal": 7, "Non-Goals": 9}
	for _, b := range s.Body.Blocks {
		if b.Kind == BlockHeading && want[b.Text] != b.Pos.Line {
			t.Errorf("heading %q on line %d, want %d", b.Text, b.Pos.Line, want[b.Text])
		}
		delete(want, b.Text)
	}
	if len(want) > 0 {
		t.Errorf("headings not found: %v", want)
	}
	if got := s.Line(8); got != "text" {
		t.Errorf("Line(8) = %q, want %q", got, "text")
	}
}
