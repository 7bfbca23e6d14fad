package rules

var iterationNegative = &Rule{ID: "state/iteration-negative", Need: NeedFile, Spec: "§11",
	Summary: "`iteration >= 0`",
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.Iteration.Set || fm.Iteration.Value >= 0 {
			return
		}
		p.Report(fm.Iteration.Pos, "iteration is %d; it must be 0 or more", fm.Iteration.Value)
	}}
