package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
)

var iterationOrder = &Rule{Rule: catalog.Must("iteration/order"),
	CheckFile: func(p *Pass) {
		for _, sec := range []string{lifecycle.SectionGenerator, lifecycle.SectionEvaluator} {
			prev, prevLine := 0, 0
			for _, e := range p.Head.MustEntries(sec) {
				if !e.OK {
					continue
				}
				if prevLine > 0 && e.Number <= prev {
					p.Report(e.Heading.Pos, "\"### %s\" does not follow %s%d (line %d): numbers must increase strictly", e.Heading.Text, e.Kind.Prefix, prev, prevLine)
				}
				prev, prevLine = e.Number, e.Heading.Pos.Line
			}
		}
	}}
