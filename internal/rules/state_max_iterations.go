package rules

import "github.com/storygate/storygate/internal/catalog"

var maxIterations = &Rule{Rule: catalog.Must("state/max-iterations"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.MaxIterations.Set || fm.MaxIterations.Value >= 1 {
			return
		}
		p.Report(fm.MaxIterations.Pos, "max_iterations is %d; it must be 1 or more", fm.MaxIterations.Value)
	}}
