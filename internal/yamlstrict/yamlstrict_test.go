package yamlstrict

import (
	"errors"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestDecodeRefuses pins each refused construct to the position yaml.v3
// gives its node and to a message naming it.
func TestDecodeRefuses(t *testing.T) {
	cases := []struct {
		name, src    string
		line, column int
		says         string
	}{
		{"anchor", "a: 1\nbase: &b\n  x: 1\n", 2, 7, "anchor &b"},
		{"alias", "a: [x]\nb: *a\n", 2, 4, "unknown anchor"}, // yaml.v3 refuses an unknown alias itself
		{"anchor before its alias", "a: &x 1\nb: *x\n", 1, 4, "anchor &x"},
		{"merge key", "base:\n  x: 1\nm:\n  <<: {scope: all}\n", 4, 3, "merge key <<"},
		{"merge key at the top", "<<: {parent: STORY-9}\nid: X\n", 1, 1, "merge key <<"},
		{"!!str", "a: 1\nb: !!str 3\n", 2, 4, "tag !!str"},
		{"local tag", "a: !foo x\n", 1, 4, "tag !foo"},
		{"non-specific tag", "a: 1\nb: ! 12\n", 2, 4, "tag !"},
		{"verbatim tag", "a: !<tag:yaml.org,2002:str> 1\n", 1, 4, "tag !!str"},
		{"tag in a flow list", "a: [x, !!int 1]\n", 1, 8, "tag !!int"},
		{"tagged mapping", "a:\n  b: !!map\n    c: 1\n", 2, 6, "tag !!map"},
		{"tag on the root", "!!map\na: 1\n", 1, 1, "tag !!map"},
		{"tag after non-ASCII text", "é: [ü, !x y]\n", 1, 8, "tag !x"},
		{"second document", "a: 1\n---\nb: 2\n", 2, 1, "second YAML document"},
		{"empty second document", "a: 1\n--- \n", 2, 1, "second YAML document"},
		{"second document after an end marker", "a: 1\n...\n---\nb: 1\n", 3, 1, "second YAML document"},
		{"second document after a lone CR", "a: 1\r---\rb: 2\r", 2, 1, "second YAML document"},
		{"NEL", "a: 1\nb: x\u0085c: 2\n", 2, 5, "U+0085"},
		{"line separator", "a: 1\u2028b: 2\n", 1, 5, "U+2028"},
		{"paragraph separator after a lone CR", "a: 1\rb: 'x\u2029y'\n", 2, 6, "U+2029"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Decode([]byte(c.src))
			var v *Violation
			switch {
			case errors.As(err, &v):
				if v.Line != c.line || v.Column != c.column || !strings.Contains(v.Message, c.says) {
					t.Errorf("got %d:%d %q; want %d:%d and %q", v.Line, v.Column, v.Message, c.line, c.column, c.says)
				}
			case err != nil && strings.Contains(err.Error(), c.says):
			default:
				t.Errorf("got %v; want a refusal saying %q", err, c.says)
			}
		})
	}
}

// TestDecodeAccepts checks that the YAML stories are written in passes,
// including what only looks like a refused construct.
func TestDecodeAccepts(t *testing.T) {
	for _, src := range []string{
		"",
		"id: STORY-001\nscope:\n  write: [src/a.go, 'b']\n",
		"title: \"a & b * c ! d\"\nnote: x &y *z !w\n",
		"'<<': quoted merge-looking key\n",
		"a: 1\n...\n",
		"a: 1\r\nb: 2\rc: 3\n",
		"a: |\n  --- not a marker\n  x: &y\n",
	} {
		doc, err := Decode([]byte(src))
		if err != nil {
			t.Errorf("Decode(%q): %v", src, err)
		}
		if doc == nil || doc.Kind != yaml.DocumentNode && src != "" {
			t.Errorf("Decode(%q) gave no document", src)
		}
	}
}

// TestSyntaxErrorIsYAMLv3s keeps yaml.v3's own error for invalid YAML,
// for yamlerr to position.
func TestSyntaxErrorIsYAMLv3s(t *testing.T) {
	_, err := Decode([]byte("a: [1\n"))
	var v *Violation
	if err == nil || errors.As(err, &v) || !strings.Contains(err.Error(), "did not find expected") {
		t.Errorf("got %v; want yaml.v3's syntax error", err)
	}
}
