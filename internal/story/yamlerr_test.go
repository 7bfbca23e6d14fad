package story

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestSyntaxErrorLines pins the file line reported for YAML syntax errors
// to the line holding the offending text. The frontmatter starts on file
// line 2.
func TestSyntaxErrorLines(t *testing.T) {
	cases := []struct {
		name, fm string
		line     int
		problem  string
	}{
		{"unclosed [ mid-document", "a: 1\nb: [3\nc: 2\nd: 4\n", 3, "did not find expected ',' or ']'"},
		{"unclosed [ on the first line", "a: [1\nb: 2\n", 2, "did not find expected ',' or ']'"},
		{"unclosed { mid-document", "a: 1\nb: {x: 1\nc: 2\n", 3, "did not find expected ',' or '}'"},
		{"unclosed { on the first line", "a: {x: 1 y: 2\n", 2, "did not find expected ',' or '}'"},
		{"[ closed by }", "a: 1\nb: [1, 2}\n", 3, "did not find expected ',' or ']'"},
		{"unclosed [ after a closed multi-line one", "a: [1,\n  2]\nb: [3\nc: 4\n", 4, "did not find expected ',' or ']'"},
		{"[ at the end of the text", "a: 1\nb: [\n\n", 3, "did not find expected node content"},
		{"block entry inside [", "a: 1\nb: [\n  - x\n", 4, "did not find expected node content"},
		{"stray list item among keys", "a: 1\nb: 2\n- stray\nc: 3\n", 4, "did not find expected key"},
		{"stray list item in a nested mapping", "a: 1\nscope:\n  write:\n    - x\n  read:\n   - y\n  - z\n", 8, "did not find expected key"},
		{"under-indented key in a list item", "ac:\n  - id: A\n   text: t\n", 4, "did not find expected '-' indicator"},
		{"key at the list's indent", "v:\n  - id: V1\n    command: x\n  pass_when: y\n", 5, "did not find expected '-' indicator"},
		{"key after a top-level list", "- a\nb: 1\n", 3, "did not find expected '-' indicator"},
		{"over-indented block scalar end", "a: 1\nb: |\n  x\n y\n", 5, "did not find expected key"},
		{"undefined tag handle", "a: 1\nb: !x!y z\n", 3, "found undefined tag handle"},
		{"missing document start", "%YAML 1.1\na: 1\n", 3, "mapping values are not allowed in this context"},
		{"colon in a plain value", "a: 1\nb: x: y\n", 3, "mapping values are not allowed in this context"},
		{"over-indented key", "a: 1\n  b: 2\n", 3, "mapping values are not allowed in this context"},
		{"over-indented key in a list item", "verification:\n  - id: V1\n    command: x\n     pass_when: y\n", 5, "mapping values are not allowed in this context"},
		{"list as a value on the key's line", "a: 1\nb: - 1\n", 3, "block sequence entries are not allowed in this context"},
		{"tab indentation", "a:\n\tb: 1\n", 3, "found character that cannot start any token"},
		{"unclosed \" on the first line", "a: \"x\nb: 2\n", 2, "found unexpected end of stream"},
		{"unclosed ' mid-document", "a: 1\nb: 'x\nc: 2\n", 3, "found unexpected end of stream"},
		{"unknown escape", "a: 1\nb: \"\\q\"\n", 3, "found unknown escape character"},
		{"key without a colon", "a: 1\njunk\nb: 2\n", 3, "could not find expected ':'"},
		{"complex key then junk", "a: 1\n? [x]\n: 2\nc\n", 5, "could not find expected ':'"},
		{"control character", "a: 1\nb: 2\nc: x\x01y\n", 4, "control characters are not allowed"},
		{"unknown anchor", "a: 1\nb: *nope\n", 3, "unknown anchor 'nope' referenced"},
		{"second document after ...", "a: 1\n...\nb: 2\n", 3, "frontmatter must be one YAML document"},
		{"second document after --- with a comment", "a: 1\n--- # more\nb: 2\n", 3, "frontmatter must be one YAML document"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := Parse("STORY-001.md", []byte("---\n"+c.fm+"---\n# STORY-001 x\n"))
			if len(s.Problems) != 1 {
				t.Fatalf("problems = %v, want one", s.Problems)
			}
			p := s.Problems[0]
			if p.Rule != "structure/frontmatter-syntax" || p.Pos.Line != c.line || !strings.Contains(p.Message, c.problem) {
				t.Errorf("got %s at line %d: %q; want line %d: %q", p.Rule, p.Pos.Line, p.Message, c.line, c.problem)
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

// TestSyntaxErrorInHugeFrontmatterStaysCheap checks that a block error deep
// in a frontmatter too large to search still gets a line inside the text.
func TestSyntaxErrorInHugeFrontmatterStaysCheap(t *testing.T) {
	var b strings.Builder
	b.WriteString("scope:\n")
	for b.Len() < maxProbe {
		b.WriteString("  key" + strings.Repeat("x", 40) + ": value\n")
	}
	b.WriteString("  - stray\n")
	s := Parse("STORY-001.md", []byte("---\n"+b.String()+"---\n"))
	if len(s.Problems) != 1 || s.Problems[0].Pos.Line != 3 {
		t.Fatalf("problems = %v; want the mapping's first line, 3", s.Problems)
	}
}
