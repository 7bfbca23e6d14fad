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
