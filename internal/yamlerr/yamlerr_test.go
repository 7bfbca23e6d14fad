package yamlerr

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestLocate pins the line reported for yaml.v3 errors to the line of the
// YAML text holding the offending text.
func TestLocate(t *testing.T) {
	cases := []struct {
		name, src string
		line      int
		problem   string
	}{
		{"unclosed [ mid-document", "a: 1\nb: [3\nc: 2\nd: 4\n", 2, "did not find expected ',' or ']'"},
		{"unclosed [ on the first line", "a: [1\nb: 2\n", 1, "did not find expected ',' or ']'"},
		{"unclosed { mid-document", "a: 1\nb: {x: 1\nc: 2\n", 2, "did not find expected ',' or '}'"},
		{"unclosed { on the first line", "a: {x: 1 y: 2\n", 1, "did not find expected ',' or '}'"},
		{"[ closed by }", "a: 1\nb: [1, 2}\n", 2, "did not find expected ',' or ']'"},
		{"unclosed [ after a closed multi-line one", "a: [1,\n  2]\nb: [3\nc: 4\n", 3, "did not find expected ',' or ']'"},
		{"[ at the end of the text", "a: 1\nb: [\n\n", 2, "did not find expected node content"},
		{"block entry inside [", "a: 1\nb: [\n  - x\n", 3, "did not find expected node content"},
		{"stray list item among keys", "a: 1\nb: 2\n- stray\nc: 3\n", 3, "did not find expected key"},
		{"stray list item in a nested mapping", "a: 1\nscope:\n  write:\n    - x\n  read:\n   - y\n  - z\n", 7, "did not find expected key"},
		{"under-indented key in a list item", "ac:\n  - id: A\n   text: t\n", 3, "did not find expected '-' indicator"},
		{"key at the list's indent", "v:\n  - id: V1\n    command: x\n  pass_when: y\n", 4, "did not find expected '-' indicator"},
		{"key after a top-level list", "- a\nb: 1\n", 2, "did not find expected '-' indicator"},
		{"over-indented block scalar end", "a: 1\nb: |\n  x\n y\n", 4, "did not find expected key"},
		{"undefined tag handle", "a: 1\nb: !x!y z\n", 2, "found undefined tag handle"},
		{"missing document start", "%YAML 1.1\na: 1\n", 2, "mapping values are not allowed in this context"},
		{"colon in a plain value", "a: 1\nb: x: y\n", 2, "mapping values are not allowed in this context"},
		{"over-indented key", "a: 1\n  b: 2\n", 2, "mapping values are not allowed in this context"},
		{"over-indented key in a list item", "verification:\n  - id: V1\n    command: x\n     pass_when: y\n", 4, "mapping values are not allowed in this context"},
		{"list as a value on the key's line", "a: 1\nb: - 1\n", 2, "block sequence entries are not allowed in this context"},
		{"tab indentation", "a:\n\tb: 1\n", 2, "found character that cannot start any token"},
		// yaml.v3 names the plain scalar's first line, unless it is line 1.
		{"tab continuing a scalar on line 1", "slug: a\n\tphase: b\n", 2, "found a tab character that violates indentation"},
		{"tab continuing a later scalar", "a: 1\nslug: a\n\tphase: b\n", 3, "found a tab character that violates indentation"},
		{"tab deep in a continued scalar", "a: 1\nb: x\n  y\n  z\n\tw: 1\n", 5, "found a tab character that violates indentation"},
		{"unclosed \" on the first line", "a: \"x\nb: 2\n", 1, "found unexpected end of stream"},
		{"unclosed ' mid-document", "a: 1\nb: 'x\nc: 2\n", 2, "found unexpected end of stream"},
		{"unknown escape", "a: 1\nb: \"\\q\"\n", 2, "found unknown escape character"},
		{"key without a colon", "a: 1\njunk\nb: 2\n", 2, "could not find expected ':'"},
		{"complex key then junk", "a: 1\n? [x]\n: 2\nc\n", 4, "could not find expected ':'"},
		{"control character", "a: 1\nb: 2\nc: x\x01y\n", 3, "control characters are not allowed"},
		{"unknown anchor", "a: 1\nb: *nope\n", 2, "unknown anchor 'nope' referenced"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := yaml.Unmarshal([]byte(c.src), new(yaml.Node))
			if err == nil {
				t.Fatal("yaml.v3 accepts the text")
			}
			line, problem := Locate([]byte(c.src), err)
			if line != c.line || !strings.Contains(problem, c.problem) {
				t.Errorf("got line %d: %q; want line %d: %q", line, problem, c.line, c.problem)
			}
		})
	}
}

// TestParserProblemsAreYAMLv3s holds parserProblems to the problems
// yaml.v3's parser can report: a new one would otherwise be read as a
// scanner error, numbered from 1, and put one line too high.
func TestParserProblemsAreYAMLv3s(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "gopkg.in/yaml.v3").Output()
	if err != nil {
		t.Skipf("cannot locate yaml.v3's source: %v", err)
	}
	src, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "parserc.go"))
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`yaml_parser_set_parser_error(?:_context\(parser,\s*(?:"[^"]*"|\w+),\s*\w+,|\(parser,)\s*"([^"]*)"`)
	var found []string
	for _, m := range re.FindAllStringSubmatch(string(src), -1) {
		found = append(found, m[1])
	}
	var listed []string
	for p := range parserProblems {
		listed = append(listed, p)
	}
	sort.Strings(found)
	sort.Strings(listed)
	found = compactStrings(found)
	if strings.Join(found, "\n") != strings.Join(listed, "\n") {
		t.Errorf("yaml.v3's parser problems:\n%s\nparserProblems:\n%s", strings.Join(found, "\n"), strings.Join(listed, "\n"))
	}
}

func compactStrings(s []string) []string {
	var out []string
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// TestHugeInputIsNotSearched checks that a block error deep in input too
// large to search still gets a line: the start of its collection.
func TestHugeInputIsNotSearched(t *testing.T) {
	var b strings.Builder
	b.WriteString("scope:\n")
	for b.Len() < maxProbe {
		b.WriteString("  key" + strings.Repeat("x", 40) + ": value\n")
	}
	b.WriteString("  - stray\n")
	src := []byte(b.String())
	err := yaml.Unmarshal(src, new(yaml.Node))
	if line, _ := Locate(src, err); err == nil || line != 2 {
		t.Fatalf("line %d for %v; want the mapping's first line, 2", line, err)
	}
}

// TestLocateCountsLoneCR checks that the line Locate gives is yaml.v3's
// even when lines end in a lone CR or mix endings.
func TestLocateCountsLoneCR(t *testing.T) {
	for src, want := range map[string]int{
		"a: 1\rb: [3\rc: 2\r":        2,
		"a: 1\r\nb: 2\rjunk\nc: 3\n": 3,
		"a: 1\rb: 2\r- stray\r":      3,
	} {
		err := yaml.Unmarshal([]byte(src), new(yaml.Node))
		if err == nil {
			t.Fatalf("%q: yaml.v3 accepts the text", src)
		}
		if line, _ := Locate([]byte(src), err); line != want {
			t.Errorf("Locate(%q) = line %d, want %d (%v)", src, line, want, err)
		}
	}
}
