package rules

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var logFormat = &Rule{Rule: catalog.Must("transition/log-format"),
	CheckFile: func(p *Pass) {
		if p.Head.Body == nil {
			return
		}
		sec := p.Head.Body.Section(lifecycle.SectionLog)
		if sec == nil {
			return
		}
		rows, t := p.Head.Log()
		asHeader := -1 // rows shaped like a wrong header share its one finding
		if t != nil {
			checkLogHeader(p, t)
			if !story.IsLogHeader(t.Header) {
				asHeader = len(t.Header.Cells)
			}
		}
		for i := range rows {
			if r := &rows[i]; !r.WellFormed() && r.Cells != asHeader {
				p.Report(r.Pos, "Transition Log row has %d cells; it needs %d (%s)", r.Cells, len(story.LogColumns), strings.Join(story.LogColumns, ", "))
			}
		}
		checkOutsideRows(p, sec, t)
	}}

// checkLogHeader requires the §10 header and its delimiter row.
func checkLogHeader(p *Pass, t *story.Table) {
	want := "| " + strings.Join(story.LogColumns, " | ") + " |"
	switch {
	case t.HasDelimiter && !story.IsLogHeader(t.Header):
		p.Report(t.Pos, "Transition Log header is | %s |; §10 requires %s", strings.Join(t.HeaderNames(), " | "), want)
	case !t.HasDelimiter && story.IsLogHeader(t.Header):
		p.Report(t.Pos, "Transition Log header has no |---| delimiter row under it")
	case !t.HasDelimiter:
		p.Report(t.Pos, "Transition Log rows have no header; the table starts with %s and a |---| delimiter row", want)
	}
}

// checkOutsideRows reports, once per block, table rows in the Transition
// Log that are not in its table: a run of rows a blank line cut off, a
// second table, rows in a code block or comment.
func checkOutsideRows(p *Pass, sec *story.Section, log *story.Table) {
	where := ""
	for i := range sec.Blocks {
		blk := &sec.Blocks[i]
		if blk.Table != nil && blk.Table == log {
			where = fmt.Sprintf(" (lines %d–%d)", blk.Pos.Line, blk.EndLine)
			continue
		}
		first, last := rowLines(p.Head, blk)
		if first == 0 {
			continue
		}
		what := fmt.Sprintf("row on line %d is", first)
		if last > first {
			what = fmt.Sprintf("rows on lines %d–%d are", first, last)
		}
		p.Report(story.Pos{Line: first, Column: 1}, "%s outside the Transition Log table%s; the log is one table, with no blank line or other text between its rows", what, where)
	}
}

// rowLines returns the first and last line of blk that read as table rows
// (start with a pipe), or 0, 0.
func rowLines(s *story.Story, blk *story.Block) (first, last int) {
	if blk.Kind == story.BlockTable {
		return blk.Pos.Line, blk.EndLine
	}
	for n := blk.Pos.Line; n <= blk.EndLine; n++ {
		if strings.HasPrefix(strings.TrimSpace(s.Line(n)), "|") {
			if first == 0 {
				first = n
			}
			last = n
		}
	}
	return first, last
}
