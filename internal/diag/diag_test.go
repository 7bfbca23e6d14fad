package diag

import "testing"

func TestStringIsOneLine(t *testing.T) {
	cases := []struct {
		d    Diagnostic
		want string
	}{
		{Diagnostic{Rule: "a/b", File: "stories/STORY-001.md", Line: 3, Column: 5, Message: `state "x" is not legal`},
			`stories/STORY-001.md:3:5: state "x" is not legal [a/b]`},
		{Diagnostic{Rule: "a/b", File: "stories/odd\nname.md", Line: 1, Column: 1, Message: "m"},
			`stories/odd\nname.md:1:1: m [a/b]`},
		{Diagnostic{Rule: "a/b", File: "f.md", Line: 1, Column: 1, Message: "cell\twith a tab"},
			`f.md:1:1: cell\twith a tab [a/b]`},
	}
	for _, c := range cases {
		if got := c.d.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
}

// TestFileCount counts each file once, however many findings it has.
func TestFileCount(t *testing.T) {
	ds := []Diagnostic{{File: "a.md"}, {File: "b.md"}, {File: "a.md"}}
	for _, c := range []struct {
		ds   []Diagnostic
		want int
	}{{nil, 0}, {ds[:1], 1}, {ds, 2}} {
		if got := FileCount(c.ds); got != c.want {
			t.Errorf("FileCount(%v) = %d, want %d", c.ds, got, c.want)
		}
	}
}
