package story

import "testing"

// TestLastLine checks that LastLine is the last line an editor shows.
func TestLastLine(t *testing.T) {
	for src, want := range map[string]int{"": 1, "a": 1, "a\n": 1, "a\nb": 2, "a\nb\n": 2, "a\n\n": 2, "\n": 1, "a\r\nb\r\n": 2} {
		if got := Parse("STORY-001.md", []byte(src)).LastLine(); got != want {
			t.Errorf("LastLine(%q) = %d, want %d", src, got, want)
		}
	}
}
