package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
)

var duplicateSection = &Rule{Rule: catalog.Must("structure/duplicate-section"),
	CheckFile: func(p *Pass) {
		if p.Head.Body == nil {
			return
		}
		firstLine := make([]int, len(lifecycle.RequiredSections)) // by required index; 0: not seen yet
		for _, sec := range p.Head.Body.Sections {
			if sec.Required < 0 {
				continue
			}
			name := lifecycle.RequiredSections[sec.Required]
			if line := firstLine[sec.Required]; line > 0 {
				p.Report(sec.Heading.Pos, "section \"## %s\" appears again (first at line %d)", name, line)
				continue
			}
			firstLine[sec.Required] = sec.Heading.Pos.Line
		}
	}}
