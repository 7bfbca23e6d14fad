package story

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// shapeOf renders what rules read of a body: headings, list items and the
// lines of paragraphs and tables, each with its line number. Without
// itemText, list items show only their line: goldmark's item text is its
// first child's, which differs from the source line when an item starts
// with a nested block (`- # x`).
func shapeOf(b *Body, itemText bool) []string {
	var out []string
	for _, blk := range b.Blocks {
		switch blk.Kind {
		case BlockHeading:
			if !itemText && blk.Text == "" {
				continue // goldmark gives an empty heading no position to compare
			}
			out = append(out, fmt.Sprintf("%d h%d %q", blk.Pos.Line, blk.Level, blk.Text))
		case BlockList:
			for _, it := range blk.Items {
				if itemText {
					out = append(out, fmt.Sprintf("%d:%d item[%s] %q", it.Pos.Line, it.Pos.Column, it.Checkbox, it.Text))
				} else {
					out = append(out, fmt.Sprintf("%d item", it.Pos.Line))
				}
			}
		case BlockParagraph, BlockTable:
			for _, ln := range blk.Lines {
				out = append(out, fmt.Sprintf("%d:%d %v %q", ln.Pos.Line, ln.Pos.Column, blk.Kind, ln.Text))
			}
		}
	}
	return out
}

func compareWithGoldmark(t *testing.T, name string, src []byte) { compareShapes(t, name, src, true) }

func compareShapes(t *testing.T, name string, src []byte, itemText bool) {
	t.Helper()
	s := Parse(name, src)
	if s.Body == nil {
		return
	}
	want := shapeOf(goldmarkBody(src, s.bodyStart, s.lines), itemText)
	if diff := cmp.Diff(want, shapeOf(s.Body, itemText)); diff != "" {
		t.Errorf("%s: scanner differs from goldmark (-goldmark +scanner):\n%s", name, diff)
	}
}

// markdownCases are constructs a story body may contain.
var markdownCases = []string{
	"## Goal\ntext\n\n```\n## not a heading\n```\n\n## Non-Goals\n",
	"~~~~md\n# x\n~~~\nstill code\n~~~~\n# after\n",
	"Title\n=====\n\nSub\n---\n\npara\n\n---\n\n***\n",
	"- a\n- b\n\n- c\n  continued\n\n  more\n\nafter\n",
	"1. one\n2. two\n10) ten\n\ntext\n2. not interrupting\n",
	"text\n- interrupts\n* star\n+ plus\n",
	"> quote\n## heading after quote\n> more\nlazy\n\nnext\n",
	"<!-- comment\n## hidden\n-->\n## shown\n<div>\n## in html\n</div>\n\n## out\n",
	"    indented code\n    ## no\n\npara\n    continuation\n",
	"| a | b |\n|---|---|\n| 1 | 2 |\nplain\n| 3 |\n",
	"**Date:** 2026-05-27 10:00\n**Status:** ACCEPTED\n#### Tool Findings\n| x |\n",
	"###### six\n####### seven\n#no\n## closed ##\n##\n#   spaced   #  \n",
	"- [ ] AC1 open\n- [x] AC2 done\n- [X] AC3\n-\n- [ ]\n",
	"\t- tab item\n\t\tcode?\n",
	"para\n    ## four spaces continue the paragraph\n",
	"- item\n```\nfence in list?\n```\n",
}

func TestScannerAgreesWithGoldmark(t *testing.T) {
	for i, c := range markdownCases {
		compareWithGoldmark(t, fmt.Sprintf("case%d", i), []byte("---\nid: X\n---\n"+c))
	}
	files, _ := filepath.Glob("testdata/*.md")
	more, _ := filepath.Glob("../rules/testdata/*/*/*.md")
	for _, f := range append(files, more...) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		compareWithGoldmark(t, f, src)
	}
}

// storyLines is the palette the fuzzer composes bodies from: the line
// kinds story files are made of, including the ones that change structure.
var storyLines = []string{
	"", "# STORY-001 Title", "## Goal", "## Transition Log", "### Plan v1", "#### Steps", "##",
	"**Date:** 2026-05-27 10:00", "**Status:** ACCEPTED", "plain text", "more text",
	"| Time | Actor | Event |", "|---|---|---|", "| t | human | approve_plan |",
	"- item", "- [ ] AC1 criterion", "1. step", "2. step", "  indented continuation", "    code or continuation",
	"```", "~~~", "```go", "---", "===", "> quote", "<!-- note", "-->", "<div>", "***",
	// HTML blocks of every CommonMark kind, and lines that only look like one
	"## Human Decisions", "<b>bold</b> text", "<pre>", "</pre>", "<script>", "<?php", "?>", "<!DOCTYPE html>", "<![CDATA[", "]]>",
	"<details>", "</div>", "<a href=\"x\">", "<notatag", "- <div>", "> <pre>", "<!-->", "<https://example.com>",
	// lone CRs, a line break for CommonMark and yaml.v3
	"text\r## Goal", "\r", "- item\r- next", "para\r===",
}

// FuzzScannerAgreesWithGoldmark checks the scanner against goldmark on
// bodies composed of story-like lines, one palette entry per input byte.
func FuzzScannerAgreesWithGoldmark(f *testing.F) {
	f.Add([]byte{1, 0, 2, 9, 0, 20, 2, 20, 3, 11, 12, 13})
	f.Add([]byte{4, 7, 8, 5, 14, 18, 15, 0, 16, 17, 19})
	f.Add([]byte{9, 24, 0, 9, 25, 26, 2, 27, 28, 2})
	f.Add([]byte{1, 0, 31, 30, 8, 0, 32, 0, 30, 33})   // an inline tag line, then the heading; a <pre> block across a blank line
	f.Add([]byte{35, 0, 30, 36, 28, 30, 0, 37, 0, 30}) // <?php … ?> and <!DOCTYPE
	f.Add([]byte{47, 0, 48, 49, 50, 0, 45, 30})        // lone CRs
	f.Fuzz(func(t *testing.T, picks []byte) {
		lines := make([]string, len(picks))
		for i, p := range picks {
			lines[i] = storyLines[int(p)%len(storyLines)]
		}
		compareShapes(t, "fuzz", []byte("---\nid: X\n---\n"+strings.Join(lines, "\n")+"\n"), false)
	})
}
