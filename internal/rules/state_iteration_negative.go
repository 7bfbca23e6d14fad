package rules

import "github.com/storygate/storygate/internal/catalog"

var iterationNegative = &Rule{Rule: catalog.Must("state/iteration-negative"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.Iteration.Set || fm.Iteration.Value >= 0 {
			return
		}
		p.Report(fm.Iteration.Pos, "iteration is %d; it must be 0 or more", fm.Iteration.Value)
	}}
