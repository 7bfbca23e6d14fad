package story

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

// specExample is one example of the CommonMark specification, as goldmark
// ships them (_test/spec.json of github.com/yuin/goldmark v1.8.7, which
// implements CommonMark 0.31.2).
type specExample struct {
	Example  int    `json:"example"`
	Section  string `json:"section"`
	Markdown string `json:"markdown"`
}

// TestCommonMarkSpecExamples runs the specification's HTML block, ATX
// heading and setext heading examples through Parse as story bodies and
// requires the blocks goldmark finds: every heading CommonMark shows, and
// none it hides in an HTML block.
func TestCommonMarkSpecExamples(t *testing.T) {
	data, err := os.ReadFile("testdata/commonmark-spec-0.31.2.json")
	if err != nil {
		t.Fatal(err)
	}
	var examples []specExample
	if err := json.Unmarshal(data, &examples); err != nil {
		t.Fatal(err)
	}
	sections := map[string]int{}
	for _, ex := range examples {
		sections[ex.Section]++
		if ex.Section == "HTML blocks" && !mayOpenHTMLBlock([]byte(ex.Markdown)) {
			t.Errorf("example %d: HTML block example not given to goldmark:\n%s", ex.Example, ex.Markdown)
		}
		compareWithGoldmark(t, fmt.Sprintf("example %d (%s)", ex.Example, ex.Section), []byte("---\nid: X\n---\n"+ex.Markdown))
	}
	if sections["HTML blocks"] != 44 || sections["ATX headings"] != 18 || sections["Setext headings"] != 27 {
		t.Fatalf("examples per section = %v, want the specification's 44, 18 and 27", sections)
	}
}

// TestHTMLBlocksHideWhatCommonMarkHides pins, for each kind of CommonMark
// HTML block and for lines that only look like one, whether a heading
// after it is a section: exactly when GitHub shows it as a heading.
func TestHTMLBlocksHideWhatCommonMarkHides(t *testing.T) {
	cases := []struct {
		name, body string
		shown      bool
	}{
		{"inline tag then text", "<b>Note</b> see below\n## Human Decisions\n", true},
		{"autolink", "<https://example.com>\n## Human Decisions\n", true},
		{"unfinished tag", "<notatag and text\n## Human Decisions\n", true},
		{"type 7 cannot interrupt a paragraph", "para\n<a href=\"x\">\n## Human Decisions\n", true},
		{"type 7 runs to a blank line", "<a href=\"x\">\n## Human Decisions\n", false},
		{"type 6 runs to a blank line", "<div>\n## Human Decisions\n", false},
		{"type 6 ends at the blank line", "<div>\n\n## Human Decisions\n", true},
		{"type 1 spans blank lines", "<pre>\n\n## Human Decisions\n\n</pre>\n", false},
		{"type 1 ends at its closing tag", "<pre>\n</pre>\n## Human Decisions\n", true},
		{"comment", "<!--\n\n## Human Decisions\n\n-->\n", false},
		{"processing instruction", "<?x\n\n## Human Decisions\n?>\n", false},
		{"declaration", "<!DOCTYPE x\n\n## Human Decisions\n>\n", false},
		{"CDATA", "<![CDATA[\n\n## Human Decisions\n]]>\n", false},
		{"in a list item", "- <pre>\n## Human Decisions\n", true},
		{"in a block quote", "> <pre>\n## Human Decisions\n", true},
		{"after a lone CR", "<pre>\r\r## Human Decisions\r</pre>\r", false},
	}
	for _, c := range cases {
		s := Parse("STORY-001.md", []byte("---\nid: X\n---\n"+c.body))
		if got := s.Body.Section("Human Decisions") != nil; got != c.shown {
			t.Errorf("%s: section shown = %v, want %v", c.name, got, c.shown)
		}
	}
}

// TestHTMLHeadings lists the heading-like lines raw HTML blocks hold:
// ATX headings and setext underlines after the block's first line, in
// every kind of block but a comment.
func TestHTMLHeadings(t *testing.T) {
	body := "<!--\n## In a comment\n-->\n\n<div>\n## Hidden\nText\n===\n</div>\n\n<pre>\n\n  # Also hidden </pre>\n\n    <div>\n## not in HTML\n"
	s := Parse("STORY-001.md", []byte("---\nid: X\n---\n"+body))
	var got []string
	for _, ln := range s.Body.HTMLHeadings {
		got = append(got, fmt.Sprintf("%d:%d %s", ln.Pos.Line, ln.Pos.Column, ln.Text))
	}
	want := []string{"9:1 ## Hidden", "11:1 ===", "16:1 # Also hidden </pre>"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("HTMLHeadings = %q, want %q", got, want)
	}
}
