package config

import "testing"

func TestParseFilterMode(t *testing.T) {
	cases := []struct {
		text string
		want FilterMode
		err  string
	}{
		{"changed", FilterChanged, ""},
		{"all", FilterAll, ""},
		{"", "", `unknown filter mode "" (legal: changed, all)`},
		{"All", "", `unknown filter mode "All" (legal: changed, all)`},
		{"new", "", `unknown filter mode "new" (legal: changed, all)`},
	}
	for _, c := range cases {
		got, err := ParseFilterMode(c.text)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if got != c.want || msg != c.err {
			t.Errorf("ParseFilterMode(%q) = %q, %q; want %q, %q", c.text, got, msg, c.want, c.err)
		}
	}
}
