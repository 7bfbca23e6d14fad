package rules

var maxIterations = &Rule{ID: "state/max-iterations", Need: NeedFile, Spec: "§11",
	Summary: "`max_iterations >= 1`",
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.MaxIterations.Set || fm.MaxIterations.Value >= 1 {
			return
		}
		p.Report(fm.MaxIterations.Pos, "max_iterations is %d; it must be 1 or more", fm.MaxIterations.Value)
	}}
