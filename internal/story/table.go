package story

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// Cell is one table cell with its position.
type Cell struct {
	Text string
	Pos  Pos
}

// Row is one table row.
type Row struct {
	Cells []Cell
	Pos   Pos
	// End is where a missing cell would be: the row's closing pipe, or
	// just past its last character when it has none.
	End Pos
}

// Cell returns the i-th cell, or an empty cell at the row's end when the
// row has no i-th cell.
func (r Row) Cell(i int) Cell {
	if i >= 0 && i < len(r.Cells) {
		return r.Cells[i]
	}
	return Cell{Pos: r.End}
}

// Table is a pipe table: a header row, a delimiter row and body rows.
type Table struct {
	Header Row
	// HasDelimiter is false when the second line is not a |---| row.
	HasDelimiter bool
	Rows         []Row
	Pos          Pos
}

// Column returns the index of the header cell named name (case-insensitive), or -1.
func (t *Table) Column(name string) int {
	for i, c := range t.Header.Cells {
		if strings.EqualFold(c.Text, name) {
			return i
		}
	}
	return -1
}

// HeaderNames returns the header cells' text.
func (t *Table) HeaderNames() []string {
	out := make([]string, len(t.Header.Cells))
	for i, c := range t.Header.Cells {
		out[i] = c.Text
	}
	return out
}

func parseTable(lines []Line) *Table {
	// One cell array for the whole table: a row has at most as many cells
	// as pipes, so counting pipes sizes it.
	pipes := 0
	for _, ln := range lines {
		pipes += strings.Count(ln.Text, "|")
	}
	cells := make([]Cell, 0, pipes)
	t := &Table{Pos: lines[0].Pos, Header: parseRow(lines[0], &cells)}
	rest := lines[1:]
	if len(rest) > 0 && isDelimiterRow(rest[0].Text) {
		t.HasDelimiter = true
		rest = rest[1:]
	}
	t.Rows = make([]Row, 0, len(rest))
	for _, ln := range rest {
		t.Rows = append(t.Rows, parseRow(ln, &cells))
	}
	return t
}

func isDelimiterRow(s string) bool {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, "-") {
		return false
	}
	return strings.Trim(s, "|-: \t") == ""
}

// parseRow splits a row on unescaped pipes (see cellEnd). A pipe inside a
// backtick code span is kept: agents write `cmd | tee` there and mean it
// literally.
// parseRow appends the row's cells to arena and returns the row. A cell's
// position is its first non-blank character; an empty cell's is its start,
// just after the pipe that opens it.
func parseRow(ln Line, arena *[]Cell) Row {
	s := ln.Text
	row := Row{Pos: ln.Pos}
	first := len(*arena)
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i < len(s) && s[i] == '|' {
		i++
	}
	// col is the column of s[i]; counted incrementally, never from the start.
	col := ln.Pos.Column + utf8.RuneCountInString(s[:i])
	spans := codeSpans{s: s}
	for i < len(s) {
		end := cellEnd(&spans, i)
		raw := s[i:end]
		lead := len(raw) - len(strings.TrimLeft(raw, " \t"))
		text := strings.TrimSpace(raw)
		if end >= len(s) && text == "" {
			break
		}
		if text == "" {
			lead = 0
		}
		if strings.Contains(text, `\|`) {
			text = strings.ReplaceAll(text, `\|`, "|")
		}
		*arena = append(*arena, Cell{Text: text, Pos: Pos{Line: ln.Pos.Line, Column: col + lead}})
		col += utf8.RuneCountInString(raw) + 1
		i = end + 1
	}
	row.Cells = (*arena)[first:len(*arena):len(*arena)]
	row.End = Pos{Line: ln.Pos.Line, Column: col - 1} // col is one past the last pipe, or two past the end
	return row
}

// cellEnd returns the index of the pipe that ends the cell starting at i,
// or len(s). As in GFM, a pipe right after a backslash belongs to the cell
// however many backslashes precede it. storygate also keeps a pipe inside a
// code span: a backtick run closed by the next run of the same length on
// the row (a run that nothing closes is literal, as in CommonMark).
// Outside a code span a backslash escapes the next character, so \` opens
// nothing.
func cellEnd(spans *codeSpans, i int) int {
	s := spans.s
	for ; i < len(s); i++ {
		switch {
		case s[i] == '|' && (i == 0 || s[i-1] != '\\'):
			return i
		case s[i] == '\\' && i+1 < len(s):
			i++
		case s[i] == '`':
			i = spans.end(i) - 1
		}
	}
	return len(s)
}

// codeSpans finds where the code spans of one row end. Searching forward
// for the closing run is enough while runs close (the search never passes
// the span's end); after the first search that finds none, the row's runs
// are indexed, so a row of many unclosed runs still reads in O(n log n).
type codeSpans struct {
	s string
	// runs maps a run length to the starts of the row's runs that long,
	// once indexed.
	runs map[int][]int
}

// end returns the index just past the code span opened by the backtick run
// at i, or just past that run when no run as long closes it.
func (c *codeSpans) end(i int) int {
	open := backtickRun(c.s, i)
	if c.runs == nil {
		if j := c.closing(i+open, open); j >= 0 {
			return j + open
		}
		c.index()
	}
	starts := c.runs[open]
	if k := sort.SearchInts(starts, i+open); k < len(starts) {
		return starts[k] + open
	}
	return i + open
}

// closing returns the start of the first run of exactly n backticks at or
// after from, or -1.
func (c *codeSpans) closing(from, n int) int {
	for j := from; j < len(c.s); {
		if c.s[j] != '`' {
			j++
			continue
		}
		m := backtickRun(c.s, j)
		if m == n {
			return j
		}
		j += m
	}
	return -1
}

// index records every backtick run of the row by length.
func (c *codeSpans) index() {
	c.runs = map[int][]int{}
	for j := 0; j < len(c.s); {
		if c.s[j] != '`' {
			j++
			continue
		}
		m := backtickRun(c.s, j)
		c.runs[m] = append(c.runs[m], j)
		j += m
	}
}

// backtickRun returns the length of the run of backticks at i.
func backtickRun(s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] == '`' {
		n++
	}
	return n
}
