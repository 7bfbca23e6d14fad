package pathglob

import "testing"

func TestMatch(t *testing.T) {
	cases := []struct {
		pattern, path string
		want          bool
	}{
		{"**/STORY-*.md", "STORY-001.md", true},
		{"**/STORY-*.md", "stories/a/STORY-001.md", true},
		{"**/STORY-*.md", "stories/README.md", false},
		{"stories/**/*.md", "stories/x.md", true},
		{"stories/**/*.md", "docs/x.md", false},
		{"src/*.go", "src/a/b.go", false},
		{"src/**", "src/a/b.go", true},
		{"[", "[", false},
	}
	for _, c := range cases {
		if got := Match(c.pattern, c.path); got != c.want {
			t.Errorf("Match(%q, %q) = %v, want %v", c.pattern, c.path, got, c.want)
		}
	}
}

func TestSet(t *testing.T) {
	set := Compile([]string{"**/STORY-*.md", "stories/**/*.md"})
	for p, want := range map[string]bool{"a/STORY-1.md": true, "stories/x/y.md": true, "docs/y.md": false} {
		if got := set.Match(p); got != want {
			t.Errorf("Set.Match(%q) = %v, want %v", p, got, want)
		}
	}
}
