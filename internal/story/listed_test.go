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
