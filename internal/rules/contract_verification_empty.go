package rules

var verificationEmpty = &Rule{ID: "contract/verification-empty", Need: NeedFile, Spec: "§11",
	Summary: "`verification` is non-empty",
	CheckFile: func(p *Pass) {
		if fm := front(p); fm != nil && emptyList(fm, "verification") {
			p.Report(fm.ValuePos("verification"), "verification is empty; a story needs at least one runnable check")
		}
	}}
