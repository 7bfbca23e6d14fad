package story

import (
	"bytes"
	"strings"
	"unsafe"
)

// BlockKind says what a markdown block is.
type BlockKind uint8

// The block kinds storygate distinguishes.
const (
	BlockHeading BlockKind = iota
	BlockParagraph
	BlockTable
	BlockList
	BlockCode
	BlockOther
)

// Line is one source line of a paragraph.
type Line struct {
	Text string
	Pos  Pos
}

// ListItem is one item of a list; Checkbox is "", " " or "x".
type ListItem struct {
	Text     string
	Checkbox string
	Pos      Pos
}

// Block is one top-level markdown block with its position. Pos is where
// it starts (for a list, its first item); Pos.Line is its first line.
type Block struct {
	// Text is a heading's text.
	Text string
	Pos  Pos
	// EndLine is the last file line of the block.
	EndLine int
	Lines   []Line
	Items   []ListItem
	Table   *Table
	Kind    BlockKind
	// Level is the heading level (1-6) for headings.
	Level uint8
}

// Body is the markdown part of a story as a flat list of blocks, plus the
// `##` sections they fall into.
type Body struct {
	Blocks []Block
	// Title is the first level-1 heading, or nil.
	Title    *Block
	Sections []*Section
	// EndLine is the last line of the file.
	EndLine int
	// HTMLHeadings are the lines inside top-level raw HTML blocks (HTML
	// comments aside) that would be headings without the block around
	// them: where CommonMark versions could disagree on what is a heading.
	HTMLHeadings []Line
	// scanned is true when the scanner, not goldmark, split the body.
	scanned bool
}

// parseBody parses src[start:] into blocks and sections. A body with a
// line that could open an HTML block goes to goldmark: CommonMark's seven
// kinds of HTML block, where each starts and ends, and what they hide are
// goldmark's to decide, not a hand-written approximation's. Every other
// body goes through the scanner, which is checked against goldmark.
func parseBody(src []byte, start int, li *lineIndex) *Body {
	if mayOpenHTMLBlock(src[start:]) {
		return goldmarkBody(src, start, li)
	}
	b := &Body{EndLine: li.count(), scanned: true}
	b.Blocks = scanBlocks(bytesAsString(src[start:]), start, li)
	b.index()
	return b
}

// parseBodyBeside parses like parseBody. When other (a whole story, its
// body split by the scanner) opens with the same bytes as src, up to and
// past a block of its body that ends there in src too (resumePoint), as
// the base and head of a story whose end alone changed do, the blocks up
// to that one are other's and only the lines after it are scanned: the
// same lines give the same blocks, and the scanner keeps nothing else
// across a top-level heading or a blank line after a paragraph
// (scanFrom). The blocks share other's texts, which nothing writes after
// parsing.
func parseBodyBeside(src []byte, start int, li *lineIndex, other *Story, shared int) *Body {
	done, first := resumePoint(src, li, other, shared)
	if done == nil || mayOpenHTMLBlock(src[li.start(first):]) {
		return parseBody(src, start, li)
	}
	b := &Body{EndLine: li.count(), scanned: true}
	if _, _, more := li.bounds(first); more {
		b.Blocks = scanFrom(bytesAsString(src[start:]), start, li, first, done)
	} else {
		// Nothing after them: the blocks are other's, shared as its texts
		// are (done is capped, so an append would copy), not copied into
		// an array of src's own, a tenth of what a large change allocated.
		b.Blocks = done
	}
	b.index()
	return b
}

// resumePoint returns other's blocks up to the last one whose lines, line
// endings included, src shares with other and that ends there in src too
// (a heading; a paragraph or table followed in src by a blank line or the
// end), and the line after that block; nil when there is none. shared is
// how many bytes src and other open with alike (sharedWith). The shared bytes hold the frontmatter
// too, so the body starts where other's does.
func resumePoint(src []byte, li *lineIndex, other *Story, shared int) ([]Block, int) {
	if other == nil || other.lines == nil || other.Body == nil || !other.Body.scanned {
		return nil, 0
	}
	blocks := other.Body.Blocks
	for i := len(blocks) - 1; i >= 0; i-- {
		next := blocks[i].EndLine + 1
		if next > li.count() || li.start(next) > shared {
			continue // the block's last line, or its line ending, is not shared
		}
		switch blocks[i].Kind {
		case BlockHeading:
			return blocks[: i+1 : i+1], next
		case BlockParagraph, BlockTable:
			if blankOrEnd(src, li, next) {
				return blocks[: i+1 : i+1], next
			}
		}
	}
	return nil, 0
}

// blankOrEnd reports whether line n of src is blank or past its end: a
// paragraph (or the table a paragraph's lines split into) whose lines src
// shares ends there as it did in other, wherever other's ended, and a
// scanner after a blank line outside a list holds nothing but its blocks.
func blankOrEnd(src []byte, li *lineIndex, n int) bool {
	start, end, ok := li.bounds(n)
	if !ok {
		return true
	}
	t, _ := trimIndent(bytesAsString(src[start:end])) // blank as the scanner's open sees it
	return t == ""
}

// commonPrefix returns the length of the longest prefix a and b share.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	const chunk = 64
	i := 0
	for i+chunk <= n && bytes.Equal(a[i:i+chunk], b[i:i+chunk]) {
		i += chunk
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// mayOpenHTMLBlock reports whether a line of body could open an HTML
// block: whether a "<" on it follows nothing but indentation and the
// markers of block quotes and list items (every one of CommonMark's HTML
// block start conditions begins with "<", and only those containers can
// come before it). It errs towards yes; a yes costs only speed.
func mayOpenHTMLBlock(body []byte) bool {
	for off := 0; ; off++ {
		i := bytes.IndexByte(body[off:], '<')
		if i < 0 {
			return false
		}
		off += i
		if onlyContainerMarkers(body[lineStartBefore(body, off):off]) {
			return true
		}
	}
}

// lineStartBefore returns the offset where the line holding offset off starts.
func lineStartBefore(body []byte, off int) int {
	return bytes.LastIndexAny(body[:off], "\r\n") + 1
}

// onlyContainerMarkers reports whether prefix is made of white space and
// the characters of block quote and list item markers.
func onlyContainerMarkers(prefix []byte) bool {
	for _, c := range prefix {
		if !strings.ContainsRune(" \t>-*+.)0123456789", rune(c)) {
			return false
		}
	}
	return true
}

// listItem splits off a task-list checkbox.
func listItem(s string, pos Pos) ListItem {
	it := ListItem{Text: s, Pos: pos}
	if len(s) >= 3 && s[0] == '[' && s[2] == ']' && strings.ContainsRune(" xX", rune(s[1])) {
		it.Checkbox = strings.ToLower(s[1:2])
		it.Text = strings.TrimSpace(s[3:])
	}
	return it
}

// bytesAsString views b as a string without copying it. Every block, line
// and cell text is a substring of the body, so this saves a copy of every
// story. It is safe because a Story never modifies Src after Parse and
// callers must not either (see Story.Src): no caller reuses the buffer (the
// loader reads each file into a buffer of its own, not a pool), so a string
// a rule keeps stays valid for as long as it is reachable.
func bytesAsString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
