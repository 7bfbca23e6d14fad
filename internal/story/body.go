package story

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// BlockKind says what a markdown block is.
type BlockKind int

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

// Block is one top-level markdown block with its position.
type Block struct {
	Kind BlockKind
	// Level is the heading level (1-6) for headings.
	Level int
	// Text is a heading's text.
	Text string
	Pos  Pos
	// StartLine and EndLine are the first and last file lines of the block.
	StartLine, EndLine int
	Lines              []Line
	Items              []ListItem
	Table              *Table
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

// blockParser parses block structure only: storygate reads no inline markup,
// and skipping it keeps validation of thousands of stories fast.
var blockParser = parser.NewParser(
	parser.WithBlockParsers(parser.DefaultBlockParsers()...),
	parser.WithInlineParsers(),
)

// parseBody parses src[start:] into blocks and sections.
func parseBody(src []byte, start int, li *lineIndex) *Body {
	b := &Body{EndLine: li.count()}
	bodySrc := src[start:]
	doc := blockParser.Parse(text.NewReader(bodySrc))
	cv := converter{src: bodySrc, base: start, li: li}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		b.Blocks = append(b.Blocks, cv.blocks(n)...)
	}
	b.index()
	return b
}

type converter struct {
	src  []byte
	base int
	li   *lineIndex
}

func (cv converter) pos(offset int) Pos { return cv.li.pos(cv.base + offset) }

// blocks converts one top-level node; a paragraph may yield text and tables.
func (cv converter) blocks(n ast.Node) []Block {
	switch n := n.(type) {
	case *ast.Heading:
		return []Block{cv.heading(n)}
	case *ast.Paragraph, *ast.TextBlock:
		return cv.paragraph(n)
	case *ast.List:
		return []Block{cv.list(n)}
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		return []Block{cv.span(n, BlockCode)}
	}
	return []Block{cv.span(n, BlockOther)}
}

func (cv converter) heading(n *ast.Heading) Block {
	blk := Block{Kind: BlockHeading, Level: n.Level}
	if n.Lines().Len() == 0 {
		blk.Pos = cv.headingPos(n)
	} else {
		seg := n.Lines().At(0)
		blk.Text = strings.TrimSpace(string(seg.Value(cv.src)))
		blk.Pos = cv.pos(seg.Start)
		blk.Pos.Column = 1
	}
	blk.StartLine, blk.EndLine = blk.Pos.Line, blk.Pos.Line
	return blk
}

// headingPos locates an empty heading (`##` alone) through its neighbours.
func (cv converter) headingPos(n ast.Node) Pos {
	if prev := n.PreviousSibling(); prev != nil {
		if end := cv.lastLine(prev); end > 0 {
			return Pos{Line: end + 1, Column: 1}
		}
	}
	return cv.pos(0)
}

func (cv converter) lastLine(n ast.Node) int {
	if n.Lines().Len() > 0 {
		seg := n.Lines().At(n.Lines().Len() - 1)
		return cv.pos(seg.Start).Line
	}
	if last := n.LastChild(); last != nil {
		return cv.lastLine(last)
	}
	return 0
}

func (cv converter) firstLine(n ast.Node) int {
	if n.Lines().Len() > 0 {
		return cv.pos(n.Lines().At(0).Start).Line
	}
	if first := n.FirstChild(); first != nil {
		return cv.firstLine(first)
	}
	return 0
}

// span records a block storygate does not look inside (code, HTML, quotes).
func (cv converter) span(n ast.Node, kind BlockKind) Block {
	first, last := cv.firstLine(n), cv.lastLine(n)
	if fc, ok := n.(*ast.FencedCodeBlock); ok && fc.Info != nil {
		first = cv.pos(fc.Info.Segment.Start).Line
	}
	return Block{Kind: kind, Pos: Pos{Line: first, Column: 1}, StartLine: first, EndLine: last}
}

func (cv converter) list(n *ast.List) Block {
	blk := Block{Kind: BlockList}
	for item := n.FirstChild(); item != nil; item = item.NextSibling() {
		first := item.FirstChild()
		if first == nil || first.Lines().Len() == 0 {
			continue
		}
		seg := first.Lines().At(0)
		blk.Items = append(blk.Items, listItem(strings.TrimSpace(string(seg.Value(cv.src))), cv.pos(seg.Start)))
	}
	blk.StartLine, blk.EndLine = cv.firstLine(n), cv.lastLine(n)
	blk.Pos = Pos{Line: blk.StartLine, Column: 1}
	if len(blk.Items) > 0 {
		blk.Pos = blk.Items[0].Pos
	}
	return blk
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

// paragraph splits a paragraph into runs of text lines and table lines.
func (cv converter) paragraph(n ast.Node) []Block {
	var out []Block
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		ln := Line{Text: strings.TrimRight(string(seg.Value(cv.src)), "\r\n"), Pos: cv.pos(seg.Start)}
		kind := BlockParagraph
		if strings.HasPrefix(strings.TrimSpace(ln.Text), "|") {
			kind = BlockTable
		}
		if len(out) == 0 || out[len(out)-1].Kind != kind {
			out = append(out, Block{Kind: kind, Pos: ln.Pos, StartLine: ln.Pos.Line})
		}
		cur := &out[len(out)-1]
		cur.Lines = append(cur.Lines, ln)
		cur.EndLine = ln.Pos.Line
	}
	for i := range out {
		if out[i].Kind == BlockTable {
			out[i].Table = parseTable(out[i].Lines)
		}
	}
	return out
}
