package story

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// blockParser parses block structure only: storygate reads no inline markup,
// and skipping it keeps validation of thousands of stories fast.
var blockParser = parser.NewParser(
	parser.WithBlockParsers(parser.DefaultBlockParsers()...),
	parser.WithInlineParsers(),
)

// goldmarkBlocks parses src[start:] with goldmark, the reference the scanner is checked against.
func goldmarkBody(src []byte, start int, li *lineIndex) *Body {
	b := &Body{EndLine: li.count()}
	bodySrc := src[start:]
	doc := blockParser.Parse(text.NewReader(bodySrc))
	cv := converter{src: bodySrc, text: string(bodySrc), base: start, li: li}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		b.Blocks = append(b.Blocks, cv.blocks(n)...)
	}
	b.index()
	return b
}

type converter struct {
	src []byte
	// text is src as one string, so block texts are substrings, not copies.
	text string
	base int
	li   *lineIndex
}

func (cv converter) value(seg text.Segment) string { return cv.text[seg.Start:seg.Stop] }

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
	blk := Block{Kind: BlockHeading, Level: uint8(n.Level)}
	if n.Lines().Len() == 0 {
		blk.Pos = cv.headingPos(n)
	} else {
		seg := n.Lines().At(0)
		parts := make([]string, n.Lines().Len())
		for i := range parts {
			parts[i] = strings.TrimSpace(cv.value(n.Lines().At(i)))
		}
		blk.Text = strings.Join(parts, "\n")
		blk.Pos = cv.pos(seg.Start)
		blk.Pos.Column = 1
	}
	blk.EndLine = blk.Pos.Line
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
	return Block{Kind: kind, Pos: Pos{Line: first, Column: 1}, EndLine: last}
}

func (cv converter) list(n *ast.List) Block {
	blk := Block{Kind: BlockList}
	for item := n.FirstChild(); item != nil; item = item.NextSibling() {
		first := item.FirstChild()
		if first == nil || first.Lines().Len() == 0 {
			continue
		}
		seg := first.Lines().At(0)
		blk.Items = append(blk.Items, listItem(strings.TrimSpace(cv.value(seg)), cv.pos(seg.Start)))
	}
	blk.Pos, blk.EndLine = Pos{Line: cv.firstLine(n), Column: 1}, cv.lastLine(n)
	if len(blk.Items) > 0 {
		blk.Pos = blk.Items[0].Pos
	}
	return blk
}

// paragraph collects a paragraph's lines and splits off its tables.
func (cv converter) paragraph(n ast.Node) []Block {
	var lines []Line
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		lines = append(lines, Line{Text: strings.TrimRight(cv.value(seg), "\r\n \t"), Pos: cv.pos(seg.Start)})
	}
	return splitParagraph(lines)
}
