package pathglob

import (
	"strings"
	"testing"
)

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
		{"{a,b}.md", "a.md", false}, // refused, so it matches nothing
		{"src/[ab].go", "src/a.go", true},
		{"src[/]config.go", "src/config.go", false}, // refused: a / inside a class
		{"a[!b]c", "a/c", false},                    // a negated class never matches /
		{"a[!b]c", "axc", true},
		{"a[.-b]c", "a/c", false}, // nor a range spanning it
		{"a[.-b]c", "a0c", true},
		{"a***", "a", true},  // doublestar alone: false
		{"a**/", "a", false}, // doublestar alone: true
	}
	for _, c := range cases {
		if got := Match(c.pattern, c.path); got != c.want {
			t.Errorf("Match(%q, %q) = %v, want %v", c.pattern, c.path, got, c.want)
		}
	}
}

func TestSet(t *testing.T) {
	set := Compile([]string{"**/STORY-*.md", "stories/**/*.md", "["})
	for p, want := range map[string]bool{"a/STORY-1.md": true, "stories/x/y.md": true, "docs/y.md": false, "[": false} {
		if got := set.Match(p); got != want {
			t.Errorf("Set.Match(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestCovers(t *testing.T) {
	cases := []struct {
		entry, path string
		want        bool
	}{
		{"src/", "src/a.go", true},
		{"src", "src/a.go", true},
		{"./src", "src/a/b.go", true},
		{"src", "src", true},
		{"src", "srcx/a.go", false},
		{"src/a.go", "src/a.go", true},
		{"*.md", "README.md", true},
		{"*.md", "docs/x.md", false},
		{"*.md", ".github/workflows/x.yml", false},
		{"src/*.md", "src/a.md", true},
		{"src/*.md", "src/a/b.md", false},
		{"src/*.md", "README.md", false},
		{"**/*_test.go", "a_test.go", true},
		{"**/*_test.go", "pkg/x/a_test.go", true},
		{"**/*_test.go", "pkg/x/a.go", false},
		{"", "a.go", false},
		{"[", "[", false},
		{`src\a.go`, `src\a.go`, false},
	}
	for _, c := range cases {
		if got := Covers(c.entry, c.path); got != c.want {
			t.Errorf("Covers(%q, %q) = %v, want %v", c.entry, c.path, got, c.want)
		}
	}
}

func TestValidate(t *testing.T) {
	for entry, ok := range map[string]bool{
		"src/": true, "**/*_test.go": true, "src/[ab].go": true,
		"src/[": false, "{a,b}/x": false, "src[/]config.go": false, "[/0]": false, "a[!/]b": false, "a[!b]/[.-b]": true, `a\*`: false, strings.Repeat("a/", 600): false,
	} {
		if got := Validate(entry) == nil; got != ok {
			t.Errorf("Validate(%q) ok = %v, want %v", entry, got, ok)
		}
	}
}

func TestClimbs(t *testing.T) {
	for entry, want := range map[string]bool{
		"..": true, "../tests/": true, "tests/../../x": true, `tests\..\x`: true, "a/..": true,
		"tests/": false, "..tests/": false, "tests/..x": false, "**/*.go": false, "./tests": false, "": false,
	} {
		if got := Climbs(entry); got != want {
			t.Errorf("Climbs(%q) = %v, want %v", entry, got, want)
		}
	}
}

// TestOverlap checks the overlap answer against a brute-force search over
// paths built from the entries' own segments: Overlap must never say false
// when some path is covered by both (soundness).
func TestOverlap(t *testing.T) {
	cases := []struct {
		a, b string
		want bool
	}{
		{"src", "src/a.go", true},
		{"src", "docs", false},
		{"*.md", "src", false},
		{"*.md", "README.md", true},
		{"*.md", "docs/*.md", false},
		{"docs/*.md", "docs", true},
		{"docs/*.md", "docs/a/b.md", false},
		{"**/*_test.go", "src", true},
		{"src/*.go", "src/*_test.go", true}, // two glob segments: conservative
		{"src/a/*.go", "src/b", false},
		{"[", "src", true},  // invalid: contract/scope-path's finding, never "disjoint"
		{"[/0]", "0", true}, // the fuzzer's find: refused, so never "disjoint"
		{"src[/]config.go", "src/config.go", true},
		{"a[!b]c", "a", false}, // the class never matches the / of a/c
		{"/**/**", "*", true},  // both cover ""
	}
	for _, c := range cases {
		if got := Overlap(c.a, c.b); got != c.want {
			t.Errorf("Overlap(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := Overlap(c.b, c.a); got != c.want {
			t.Errorf("Overlap(%q, %q) = %v, want %v (not symmetric)", c.b, c.a, got, c.want)
		}
	}
}

func TestOverlapIsSound(t *testing.T) {
	entries := []string{"src", "src/", "src/a.go", "*.md", "src/*.md", "**/*_test.go", "docs/**", "docs/*/x.md", "?rc/a.go", "src/[ab].go", "x_test.go"}
	segs := []string{"src", "docs", "a.go", "b.go", "x.md", "x_test.go", "README.md", "d"}
	var paths []string
	var grow func(prefix string, depth int)
	grow = func(prefix string, depth int) {
		if depth == 0 {
			return
		}
		for _, s := range segs {
			p := s
			if prefix != "" {
				p = prefix + "/" + s
			}
			paths = append(paths, p)
			grow(p, depth-1)
		}
	}
	grow("", 3)
	for _, a := range entries {
		for _, b := range entries {
			if Overlap(a, b) {
				continue
			}
			for _, p := range paths {
				if Covers(a, p) && Covers(b, p) {
					t.Errorf("Overlap(%q, %q) = false, but both cover %s", a, b, p)
				}
			}
		}
	}
}

// BenchmarkDeepDoubleStar is the case: eight `**` segments against
// a 40-segment path that does not match, the worst case for backtracking
// (pathglob's old recursive matcher took about 25 s for one such match).
// It must stay far under 1 ms per match.
func BenchmarkDeepDoubleStar(b *testing.B) {
	for _, c := range []struct{ name, pattern, path string }{
		{"plain", strings.Repeat("**/", 8) + "z.go", strings.Repeat("d/", 40) + "y.go"},
		{"interleaved", strings.Repeat("**/a/", 8) + "z.go", strings.Repeat("a/", 40) + "y.go"},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if Covers(c.pattern, c.path) {
					b.Fatal("matched")
				}
			}
		})
	}
}

// FuzzOverlapIsSound: whenever both entries cover a path, Overlap must say
// they overlap; and no input panics or runs away.
func FuzzOverlapIsSound(f *testing.F) {
	for _, s := range [][3]string{
		{"*.md", "src/", "src/a.md"}, {"**/*_test.go", "pkg", "pkg/a_test.go"}, {"src/[ab].go", "src/?.go", "src/a.go"},
		{"docs/*/x.md", "docs/**", "docs/a/x.md"}, {"[", "a", "a"}, {"{a,b}", "a", "a"},
		{"[/0]", "0", "0"}, {"a[!b]c", "a", "a/c"}, {"src[/]config.go", "src", "src/config.go"},
	} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, a, b, p string) {
		if Covers(a, p) && Covers(b, p) && !Overlap(a, b) {
			t.Errorf("Overlap(%q, %q) = false, but both cover %q", a, b, p)
		}
	})
}
