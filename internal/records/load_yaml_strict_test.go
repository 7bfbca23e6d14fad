package records

import (
	"strings"
	"testing"
)

// TestParseYAMLRefusesWhatReadersDisagreeOn: a record an agent writes may
// not use the YAML constructs that storygate's reader and the record's
// other readers resolve differently; each is refused where it stands, and
// the same record written out plainly parses.
func TestParseYAMLRefusesWhatReadersDisagreeOn(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text string
		line, col  int
		want       string // a word the message must hold; "" = parses
	}{
		{"plain record", "kind: repair\nfiles: [a.go]\n", 0, 0, ""},
		{"two plain documents", "kind: repair\n---\nkind: observe\n", 0, 0, ""},
		{"merge key", "base: {kind: repair}\nstep:\n  <<: {kind: repair}\n  files: [a.go]\n", 3, 3, "merge key"},
		{"anchor", "a: &x [1]\nb: 2\n", 1, 4, "anchor"},
		{"alias", "a: &x [1]\nb: *x\n", 1, 4, "anchor"}, // the anchor comes first in document order
		{"tag", "size: !!str 12\n", 1, 7, "tag"},
		{"tag in a later document", "kind: repair\n---\nkind: !custom observe\n", 3, 7, "tag"},
		{"line separator", "kind: repair\u2028files: []\n", 1, 13, "U+2028"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, diags := parseYAML("step.yaml", []byte(c.text))
			if c.want == "" {
				if len(diags) != 0 {
					t.Fatalf("plain YAML refused: %v", diags)
				}
				return
			}
			if len(diags) != 1 {
				t.Fatalf("want one finding, got %v", diags)
			}
			d := diags[0]
			if d.Rule != RuleParse || !strings.Contains(d.Message, c.want) {
				t.Fatalf("got %s %q, want %s naming %q", d.Rule, d.Message, RuleParse, c.want)
			}
			if c.line != 0 && (d.Line != c.line || d.Column != c.col) {
				t.Fatalf("at %d:%d, want %d:%d", d.Line, d.Column, c.line, c.col)
			}
		})
	}
}
