package story

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// newBlockParser returns a goldmark parser for block structure only:
// storygate reads no inline markup.
func newBlockParser() parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(),
	)
}

// goldmarkBody parses src[start:] with goldmark, the CommonMark parser that
// is the authority on a story body: parseBody hands it every body with a
// line that could open an HTML block, and the scanner is checked against
// it everywhere else. goldmark ends lines only at "\n", CommonMark also at
// a lone "\r" (as yaml.v3 and storygate's line index do): goldmark reads a
// copy with each lone CR turned into a "\n", which keeps every offset.
func goldmarkBody(src []byte, start int, li *lineIndex) *Body {
	b := &Body{EndLine: li.count()}
	bodySrc := loneCRToLF(src[start:])
	doc := newBlockParser().Parse(text.NewReader(bodySrc))
	cv := converter{src: bodySrc, text: string(bodySrc), base: start, li: li}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		b.Blocks = append(b.Blocks, cv.blocks(n)...)
		if h, ok := n.(*ast.HTMLBlock); ok && h.HTMLBlockType != ast.HTMLBlockType2 {
			b.HTMLHeadings = append(b.HTMLHeadings, cv.headingLines(h)...)
		}
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
	switch {
	case n.Lines().Len() == 0 && n.Pos() >= 0:
		blk.Pos = Pos{Line: cv.pos(n.Pos()).Line, Column: 1} // an empty heading (`##` alone) has no text to place it
	case n.Lines().Len() == 0:
		blk.Pos = cv.headingPos(n)
	default:
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

// loneCRToLF returns src, or a copy of it in which every "\r" not followed
// by "\n" is a "\n".
func loneCRToLF(src []byte) []byte {
	if bytes.IndexByte(src, '\r') < 0 {
		return src
	}
	out := bytes.Clone(src)
	for i, c := range out {
		if c == '\r' && (i+1 == len(out) || out[i+1] != '\n') {
			out[i] = '\n'
		}
	}
	return out
}

// headingLines returns the lines of an HTML block, after its first, that
// would be ATX headings or setext underlines outside it. Where the block
// starts and ends is where CommonMark versions differ (goldmark implements
// 0.31.2, GitHub's cmark-gfm 0.29: lowercase declarations, the type 6 tag
// list), so such a line might be a heading on GitHub.
func (cv converter) headingLines(n *ast.HTMLBlock) []Line {
	segs := make([]text.Segment, 0, n.Lines().Len()+1)
	for i := 0; i < n.Lines().Len(); i++ {
		segs = append(segs, n.Lines().At(i))
	}
	if n.HasClosure() {
		segs = append(segs, n.ClosureLine)
	}
	var out []Line
	for i := 1; i < len(segs); i++ {
		t, indent := trimIndent(strings.TrimRight(cv.value(segs[i]), "\r\n"))
		prev := strings.TrimSpace(cv.value(segs[i-1]))
		if indent <= 3 && (atxLevel(t) > 0 || (setextLevel(t) > 0 && prev != "")) {
			out = append(out, Line{Text: strings.TrimRight(t, " \t"), Pos: cv.pos(segs[i].Start)})
		}
	}
	return out
}
