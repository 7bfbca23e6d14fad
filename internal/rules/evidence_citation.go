package rules

import (
	"strconv"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// citationColumns are the Convention Findings columns a citation needs.
var citationColumns = []string{"File", "Line", "Convention Doc", "Section"}

var evidenceCitation = &Rule{Rule: catalog.Must("evidence/citation"),
	CheckFile: func(p *Pass) {
		for _, e := range p.Head.MustEntries(lifecycle.SectionEvaluator) {
			part := e.Part("Convention Findings")
			if part == nil {
				continue
			}
			if t := story.FirstTable(part.Blocks); t != nil {
				checkCitations(p, e, t)
			}
		}
	}}

// checkCitations reports, at the cell, each citation a finding leaves out;
// a table without one of the columns is reported once, at its header.
func checkCitations(p *Pass, e story.NumberedEntry, t *story.Table) {
	if len(t.Rows) == 0 {
		return
	}
	for _, col := range citationColumns {
		if t.Column(col) < 0 {
			p.Report(t.Pos, "Convention Findings in %s has no %s column; every convention finding cites doc path, section, file and line", entryName(e), col)
		}
	}
	for _, r := range t.Rows {
		for _, col := range citationColumns {
			i := t.Column(col)
			if i < 0 {
				continue
			}
			c := r.Cell(i)
			v := story.Clean(c.Text)
			switch {
			case isBlankMark(v):
				p.Report(c.Pos, "convention finding in %s does not cite its %s", entryName(e), col)
			case col == "Line" && !positiveInt(v):
				p.Report(c.Pos, "convention finding in %s cites line %q; a line is a positive number", entryName(e), v)
			}
		}
	}
}

func positiveInt(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n > 0
}
