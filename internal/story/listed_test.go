package story

import "testing"

func TestListedValue(t *testing.T) {
	cases := map[string]string{
		"`assets/` except as named above": "assets/",
		"`assets/`":                       "assets/",
		"assets/":                         "assets/",
		"  `src/a b.go`  (the parser)":    "src/a b.go",
		"``odd`name`` and more":           "odd`name",
		"`unclosed path/":                 "unclosed path/",
		"`a`b":                            "a",
		"plain `code` later":              "plain `code` later",
		"":                                "",
	}
	for in, want := range cases {
		if got := ListedValue(in); got != want {
			t.Errorf("ListedValue(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestListedNames reads a frontmatter entry and a section item by the one
// function: the pairs that name the same entry share a name, the others
// share none.
func TestListedNames(t *testing.T) {
	cases := []struct {
		front, section string
		same           bool
	}{
		{"assets/ except as named above", "`assets/` except as named above", true},
		{"assets/", "`assets/` except as named above", true},
		{"assets/", "`assets/`", true},
		{"`assets/`", "assets/", true},
		{"src/a b.go", "`src/a b.go`", true},
		{"images/ except as named above", "`assets/` except as named above", false},
		{"assets/", "assets/ except as named above", false},
		{"assets/ except as named above", "`assets/` except as named below", false},
		{"src/", "`lib/`", false},
	}
	for _, c := range cases {
		shared := false
		for _, a := range ListedNames(c.front) {
			for _, b := range ListedNames(c.section) {
				shared = shared || a == b
			}
		}
		if shared != c.same {
			t.Errorf("ListedNames(%q) = %q and ListedNames(%q) = %q: shared %v, want %v", c.front, ListedNames(c.front), c.section, ListedNames(c.section), shared, c.same)
		}
	}
	if got := ListedNames("`assets/` except as named above"); len(got) != 2 || got[0] != "assets/" || got[1] != "assets/ except as named above" {
		t.Errorf("ListedNames of a commented item = %q", got)
	}
}

// FuzzListedNames: every entry has a first name, ListedValue's; an entry
// with a second name is the frontmatter form of that name's own entry
// (both sides read by ListedNames share it), and reading is stable.
func FuzzListedNames(f *testing.F) {
	for _, s := range []string{"`assets/` except as named above", "assets/", "``odd`name`` and more", "`unclosed", "`a`b", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		names := ListedNames(text)
		if len(names) == 0 || len(names) > 2 || names[0] != ListedValue(text) {
			t.Fatalf("ListedNames(%q) = %q, ListedValue %q", text, names, ListedValue(text))
		}
		if len(names) == 2 && names[0] == names[1] {
			t.Fatalf("ListedNames(%q) repeats a name: %q", text, names)
		}
		if got := ListedNames(text); len(got) != len(names) || got[0] != names[0] {
			t.Fatalf("ListedNames(%q) is not stable: %q then %q", text, names, got)
		}
	})
}
