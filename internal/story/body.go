package story

import (
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
}

// parseBody parses src[start:] into blocks and sections.
func parseBody(src []byte, start int, li *lineIndex) *Body {
	b := &Body{EndLine: li.count()}
	b.Blocks = scanBlocks(bytesAsString(src[start:]), start, li)
	b.index()
	return b
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
// callers must not either (see Story.Src).
func bytesAsString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
