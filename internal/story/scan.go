package story

import (
	"strings"
	"unicode/utf8"
)

// scanner splits a story body into blocks line by line. It implements the
// CommonMark block structure stories use (ATX and setext headings, fenced
// and indented code, lists, block quotes, paragraphs and the pipe tables
// inside them) in one pass without building a tree: validating ten
// thousand stories must cost little more than reading them. It never sees
// HTML: parseBody gives goldmark every body with a line that could open an
// HTML block. Its output is checked against goldmark's block parser by
// TestScannerAgreesWithGoldmark, TestCommonMarkSpecExamples and
// FuzzScannerAgreesWithGoldmark.
type scanner struct {
	text  string
	base  int // byte offset of text in the file
	li    *lineIndex
	out   []Block
	para  []Line // the open paragraph's lines
	list  *Block // the open list
	blank bool   // the previous line was blank
	// emptyItem is true when the open list's last item has no content yet:
	// such an item takes only indented continuation lines.
	emptyItem bool
	// lazyItem is true when the open item's content is a paragraph, which
	// unindented lines may continue (CommonMark's lazy continuation).
	lazyItem bool
	// itemIndent is the open item's content column: lines indented that far
	// continue it even after a blank line.
	itemIndent, lineIndent int
	// lineArena and itemArena hold every paragraph line and list item.
	lineArena             []Line
	itemArena             []ListItem
	paraStart, itemsStart int
	// lineNo, lineStart and lineLen describe the line being scanned.
	lineNo, lineStart, lineLen int
	fence                      string // the open code fence's marker, "" when none
	fenceStart, fenceLine      int
	other                      string // "quote" or "code" while such a block is open
	otherStart, otherEnd       int
}

func scanBlocks(text string, base int, li *lineIndex) []Block {
	if text == "" {
		return nil // also: base is then the end of a file without a final newline, not a line start
	}
	return scanFrom(text, base, li, li.pos(base).Line, nil)
}

// scanFrom scans text's lines from line first on, after the blocks done
// of the lines before it. A scanner right after a top-level heading (ATX
// or setext) holds nothing but its blocks (the heading closed every open
// block), and so does one at the blank line (or the end) after a
// top-level paragraph, which no list or fence was open around; scanning
// on from there gives what one scan of the whole body gives.
func scanFrom(text string, base int, li *lineIndex, first int, done []Block) []Block {
	sc := &scanner{text: text, base: base, li: li, lineNo: first}
	// Paragraph lines and list items go into arenas sized by a first pass,
	// so the slices handed out share one array each instead of growing.
	// An arena that does overflow reallocates: slices already handed out
	// keep the old array, which stays valid.
	est := estimate(li, sc.lineNo)
	sc.out = append(make([]Block, 0, len(done)+est.blocks), done...)
	sc.lineArena = make([]Line, 0, est.lines)
	sc.itemArena = make([]ListItem, 0, est.items)
	// Lines come from the file's line index: no second search for newlines.
	for ; ; sc.lineNo++ {
		start, end, ok := li.bounds(sc.lineNo)
		if !ok {
			break
		}
		sc.lineStart, sc.lineLen = start-base, end-start
		sc.line(text[start-base:end-base], start-base)
	}
	sc.closeAll()
	return sc.out
}

// pos returns the position of a byte offset on the current line; the
// scanner only asks for those, so no search over the file is needed.
func (sc *scanner) pos(offset int) Pos {
	if offset < sc.lineStart || offset > sc.lineStart+sc.lineLen {
		return sc.li.pos(sc.base + offset)
	}
	return Pos{Line: sc.lineNo, Column: utf8.RuneCountInString(sc.text[sc.lineStart:offset]) + 1}
}

// line consumes one line starting at byte offset off.
func (sc *scanner) line(ln string, off int) {
	lineNo := sc.lineNo
	switch {
	case sc.fence != "":
		sc.inFence(ln, lineNo)
	case sc.other != "":
		sc.inOther(ln, off, lineNo)
	default:
		sc.open(ln, off, lineNo)
	}
}

func (sc *scanner) inFence(ln string, lineNo int) {
	t, indent := trimIndent(ln)
	if indent <= 3 && strings.HasPrefix(t, sc.fence) && strings.Trim(t, sc.fence[:1]+" \t") == "" {
		sc.out = append(sc.out, Block{Kind: BlockCode, Pos: Pos{Line: sc.fenceStart, Column: 1}, EndLine: lineNo})
		sc.fence = ""
	}
	sc.fenceLine = lineNo
}

func (sc *scanner) inOther(ln string, off, lineNo int) {
	switch sc.other {
	case "code":
		if _, indent := trimIndent(ln); indent >= 4 || isBlank(ln) {
			if !isBlank(ln) {
				sc.otherEnd = lineNo
			}
			return
		}
	case "quote":
		if t, _ := trimIndent(ln); strings.HasPrefix(t, ">") || (!isBlank(ln) && !startsBlock(t) && listMarkerLen(t, false) == 0) {
			sc.otherEnd = lineNo
			return
		}
	}
	sc.closeOther()
	sc.open(ln, off, lineNo)
}

// open handles a line outside fences and opaque blocks.
func (sc *scanner) open(ln string, off, lineNo int) {
	t, indent := trimIndent(ln)
	blank := t == ""
	sc.openLine(ln, t, indent, blank, off, lineNo)
	sc.blank = blank
}

func (sc *scanner) openLine(ln, t string, indent int, blank bool, off, lineNo int) {
	switch {
	case blank:
		sc.closePara()
	case sc.list != nil && (indent >= sc.itemIndent || (!sc.blank && sc.lazyItem && len(sc.para) == 0 && !startsBlock(t) && listMarkerLen(t, false) == 0)):
		sc.continueItem(t, off+len(ln)-len(t), lineNo)
	case indent >= 4 && len(sc.para) == 0:
		sc.startOther("code", lineNo)
	case indent >= 4:
		sc.addPara(t, off+len(ln)-len(t), lineNo)
	default:
		sc.lineIndent = indent
		sc.block(t, off+len(ln)-len(t), lineNo)
	}
}

// block dispatches a line indented at most three spaces.
func (sc *scanner) block(t string, off, lineNo int) {
	switch {
	case len(sc.para) > 0 && setextLevel(t) > 0:
		sc.setext(setextLevel(t), lineNo)
	case isThematicBreak(t):
		sc.closeAll()
		sc.out = append(sc.out, Block{Kind: BlockOther, Pos: Pos{Line: lineNo, Column: 1}, EndLine: lineNo})
	case atxLevel(t) > 0:
		sc.closeAll()
		sc.heading(atxLevel(t), t, off, lineNo)
	case fenceMarker(t) != "":
		sc.closeAll()
		sc.fence, sc.fenceStart = fenceMarker(t), lineNo
	case listMarkerLen(t, len(sc.para) > 0) > 0:
		sc.item(t, off, lineNo)
	case strings.HasPrefix(t, ">"):
		sc.closeAll()
		sc.startOther("quote", lineNo)
	default:
		if sc.list != nil && sc.blank {
			sc.closeList()
		}
		sc.addPara(t, off, lineNo)
	}
}

func (sc *scanner) heading(level int, t string, off, lineNo int) {
	text := strings.TrimSpace(t[level:])
	if trimmed := strings.TrimRight(text, "#"); trimmed == "" || strings.HasSuffix(trimmed, " ") || strings.HasSuffix(trimmed, "\t") {
		text = strings.TrimSpace(trimmed)
	}
	sc.out = append(sc.out, Block{Kind: BlockHeading, Level: uint8(level), Text: text, Pos: Pos{Line: lineNo, Column: 1}, EndLine: lineNo})
}

func (sc *scanner) setext(level, lineNo int) {
	lines := make([]string, len(sc.para))
	for i, l := range sc.para {
		lines[i] = strings.TrimSpace(l.Text)
	}
	first := sc.para[0].Pos.Line
	sc.para = nil
	sc.closeList()
	sc.out = append(sc.out, Block{Kind: BlockHeading, Level: uint8(level), Text: strings.Join(lines, "\n"), Pos: Pos{Line: first, Column: 1}, EndLine: lineNo})
}

func (sc *scanner) item(t string, off, lineNo int) {
	sc.closePara()
	if sc.list == nil {
		sc.list = &Block{Kind: BlockList, Pos: Pos{Line: lineNo, Column: 1}}
	}
	n := listMarkerLen(t, false)
	content := strings.TrimLeft(t[n:], " \t")
	sc.list.EndLine = lineNo
	sc.itemIndent = sc.lineIndent + len(t) - len(content)
	if content == "" || len(t)-len(content)-n > 4 {
		sc.itemIndent = sc.lineIndent + n + 1
	}
	sc.emptyItem = content == ""
	sc.lazyItem = content != "" && !startsBlock(content) && atxLevel(strings.TrimSpace(content)) == 0
	if content == "" || atxLevel(content) == len(strings.TrimSpace(content)) {
		return // an empty item (or one holding an empty heading) has nothing a rule reads
	}
	pos := sc.pos(off + len(t) - len(content))
	sc.addItem(listItem(strings.TrimSpace(content), pos))
}

// continueItem adds a continuation line to the open item; an item that
// started empty takes its content from its first continuation line.
func (sc *scanner) continueItem(t string, off, lineNo int) {
	sc.list.EndLine = lineNo
	if sc.emptyItem {
		sc.addItem(listItem(strings.TrimSpace(t), sc.pos(off)))
		sc.emptyItem = false
		sc.lazyItem = !startsBlock(t)
	}
}

// addItem appends an item to the open list through the item arena.
func (sc *scanner) addItem(it ListItem) {
	if len(sc.list.Items) == 0 {
		sc.itemsStart = len(sc.itemArena)
	}
	sc.itemArena = append(sc.itemArena, it)
	sc.list.Items = sc.itemArena[sc.itemsStart:len(sc.itemArena):len(sc.itemArena)]
}

func (sc *scanner) addPara(t string, off, lineNo int) {
	if sc.list != nil {
		sc.closeList()
	}
	if len(sc.para) == 0 {
		sc.paraStart = len(sc.lineArena)
	}
	sc.lineArena = append(sc.lineArena, Line{Text: strings.TrimRight(t, " \t"), Pos: sc.pos(off)})
	sc.para = sc.lineArena[sc.paraStart:len(sc.lineArena):len(sc.lineArena)]
}

func (sc *scanner) startOther(kind string, lineNo int) {
	sc.closeAll()
	sc.other, sc.otherStart, sc.otherEnd = kind, lineNo, lineNo
}

func (sc *scanner) closeOther() {
	kind := BlockOther
	if sc.other == "code" {
		kind = BlockCode
	}
	sc.out = append(sc.out, Block{Kind: kind, Pos: Pos{Line: sc.otherStart, Column: 1}, EndLine: sc.otherEnd})
	sc.other = ""
}

// closePara turns the open paragraph into text and table blocks.
func (sc *scanner) closePara() {
	if len(sc.para) == 0 {
		return
	}
	sc.out = append(sc.out, splitParagraph(sc.para)...)
	sc.para = nil
}

func (sc *scanner) closeList() {
	if sc.list == nil {
		return
	}
	blk := *sc.list
	if len(blk.Items) > 0 {
		blk.Pos = blk.Items[0].Pos
	}
	sc.out = append(sc.out, blk)
	sc.list = nil
}

func (sc *scanner) closeAll() {
	sc.closePara()
	sc.closeList()
	if sc.fence != "" {
		sc.out = append(sc.out, Block{Kind: BlockCode, Pos: Pos{Line: sc.fenceStart, Column: 1}, EndLine: max(sc.fenceLine, sc.fenceStart)})
		sc.fence = ""
	}
	if sc.other != "" {
		sc.closeOther()
	}
}

// splitParagraph splits paragraph lines into runs of text and table lines;
// the blocks share the paragraph's line slice.
func splitParagraph(lines []Line) []Block {
	table := tableLines(lines)
	var out []Block
	start := 0
	for i := range lines {
		if i+1 < len(lines) && table[i+1] == table[i] {
			continue
		}
		run := lines[start : i+1 : i+1]
		blk := Block{Kind: BlockParagraph, Pos: run[0].Pos, EndLine: run[len(run)-1].Pos.Line, Lines: run}
		if table[start] {
			blk.Kind, blk.Table = BlockTable, parseTable(run)
		}
		out = append(out, blk)
		start = i + 1
	}
	return out
}

// tableLines marks the lines that belong to pipe tables: lines starting
// with a pipe, and GFM tables written without the outer pipes, which start
// at a header followed by a |---| delimiter row and go on while lines hold
// a pipe.
func tableLines(lines []Line) []bool {
	table := make([]bool, len(lines))
	in := false
	for i, ln := range lines {
		switch {
		case isTableLine(ln.Text):
			in = true
		case in && strings.Contains(ln.Text, "|"):
		case startsTable(lines, i):
			in = true
		default:
			in = false
		}
		table[i] = in
	}
	return table
}

// startsTable reports whether lines[i] is a header without outer pipes
// followed by a delimiter row.
func startsTable(lines []Line, i int) bool {
	return i+1 < len(lines) && strings.Contains(lines[i].Text, "|") && strings.Contains(lines[i+1].Text, "|") &&
		isDelimiterRow(lines[i+1].Text)
}

// sizes are a first pass's estimate of a body's blocks, lines and items.
type sizes struct{ blocks, lines, items int }

// estimate counts, per line, what the scanner will allocate: blocks end at
// blank lines and headings, list items start with a marker, other lines
// are paragraph text.
func estimate(li *lineIndex, first int) sizes {
	est := sizes{blocks: 8} // slack for blocks that start without a blank line
	boundary := true        // the previous line ended a block
	for n := first; ; n++ {
		start, end, ok := li.bounds(n)
		if !ok {
			return est
		}
		t, _ := trimIndent(bytesAsString(li.src[start:end]))
		switch {
		case t == "":
			boundary = true
			continue
		case t[0] == '#':
			est.blocks++
			boundary = true
			continue
		case listMarkerLen(t, false) > 0:
			est.items++
		default:
			est.lines++
		}
		if boundary {
			est.blocks++
		}
		boundary = false
	}
}
