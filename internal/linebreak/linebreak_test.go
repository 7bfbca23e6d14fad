package linebreak

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"gopkg.in/yaml.v3"
)

func TestSplit(t *testing.T) {
	cases := map[string][]string{
		"":                  {""},
		"a":                 {"a"},
		"a\n":               {"a", ""},
		"a\r\nb":            {"a", "b"},
		"a\rb\nc\r\nd":      {"a", "b", "c", "d"},
		"a\r\r\nb\r":        {"a", "", "b", ""},
		"\n\r\n\r":          {"", "", "", ""},
		"x\n\ry\r\n\r\nz\r": {"x", "", "y", "", "z", ""},
	}
	for src, want := range cases {
		if diff := cmp.Diff(want, Split(src)); diff != "" {
			t.Errorf("Split(%q) (-want +got):\n%s", src, diff)
		}
		if got := Count([]byte(src)); got != len(want) {
			t.Errorf("Count(%q) = %d, want %d", src, got, len(want))
		}
		if got := len(Starts([]byte(src), nil)); got != len(want) {
			t.Errorf("len(Starts(%q)) = %d, want %d", src, got, len(want))
		}
	}
}

// TestLinesAreYAMLv3s holds the line numbers to yaml.v3's: the key on
// line n of Split is the node yaml.v3 puts on line n, whatever the endings.
func TestLinesAreYAMLv3s(t *testing.T) {
	for _, eols := range [][]string{{"\n"}, {"\r\n"}, {"\r"}, {"\r", "\n", "\r\n"}, {"\r\n", "\r\r\n"}} {
		var b strings.Builder
		for i, k := range []string{"a", "b", "c", "d", "e"} {
			b.WriteString(k + ": 1" + eols[i%len(eols)])
		}
		src := b.String()
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		lines := Split(src)
		m := doc.Content[0]
		for i := 0; i < len(m.Content); i += 2 {
			k := m.Content[i]
			if got := lines[k.Line-1]; !strings.HasPrefix(got, k.Value+":") {
				t.Errorf("%q: yaml.v3 puts key %s on line %d, which Split reads as %q", src, k.Value, k.Line, got)
			}
		}
	}
}

func TestLoneCRsToLFKeepsCRLF(t *testing.T) {
	for in, want := range map[string]string{"a\rb\r\nc\r": "a\nb\r\nc\n", "\r\r\n": "\n\r\n", "plain\n": "plain\n", "": ""} {
		if got := string(LoneCRsToLF([]byte(in))); got != want {
			t.Errorf("LoneCRsToLF(%q) = %q, want %q", in, got, want)
		}
		if Count([]byte(in)) != Count([]byte(want)) {
			t.Errorf("%q and %q count different lines", in, want)
		}
	}
}

// TestAppendStartsContinuesStarts: Starts' offsets before any line start
// of src, completed by AppendStarts from that start, are Starts' offsets,
// for every kind of line ending and at every line start.
func TestAppendStartsContinuesStarts(t *testing.T) {
	for _, src := range []string{"", "a", "a\n", "a\nb", "a\r\nb\rc\n\nd", "\r\n\r\n", "\r\r\n\n", "x\ry\r", "no ending"} {
		want := Starts([]byte(src), nil)
		for k := 1; k <= len(want); k++ {
			got := AppendStarts([]byte(src), want[k-1], append([]int{}, want[:k]...))
			if !slices.Equal(got, want) {
				t.Errorf("%q from line %d (offset %d): %v, want %v", src, k, want[k-1], got, want)
			}
		}
	}
}
