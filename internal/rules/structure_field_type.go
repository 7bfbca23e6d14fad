package rules

import "github.com/storygate/storygate/internal/catalog"

var fieldType = &Rule{Rule: catalog.Must("structure/field-type"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil {
			return
		}
		for _, fe := range fm.TypeErrors {
			p.Report(fe.Pos, "%s", fe.Message)
		}
	}}
