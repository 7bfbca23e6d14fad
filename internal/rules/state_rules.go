package rules

import "github.com/storygate/storygate/internal/lifecycle"

var illegalState = &Rule{ID: "state/illegal-state", Need: NeedFile, Spec: "§3",
	Summary: "`state` is one of the eleven legal states",
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.State.Set || lifecycle.IsState(fm.State.Value) {
			return
		}
		p.Report(fm.State.Pos, "state %q is not a legal state (legal: %s)", fm.State.Value, plainList(lifecycle.States))
	}}

var illegalRole = &Rule{ID: "state/illegal-role", Need: NeedFile, Spec: "§4",
	Summary: "`active_role` is one of the six legal roles",
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.ActiveRole.Set || lifecycle.IsRole(fm.ActiveRole.Value) {
			return
		}
		p.Report(fm.ActiveRole.Pos, "active_role %q is not a legal role (legal: %s)", fm.ActiveRole.Value, plainList(lifecycle.Roles))
	}}

var iterationNegative = &Rule{ID: "state/iteration-negative", Need: NeedFile, Spec: "§11",
	Summary: "`iteration >= 0`",
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.Iteration.Set || fm.Iteration.Value >= 0 {
			return
		}
		p.Report(fm.Iteration.Pos, "iteration is %d; it must be 0 or more", fm.Iteration.Value)
	}}

var maxIterations = &Rule{ID: "state/max-iterations", Need: NeedFile, Spec: "§11",
	Summary: "`max_iterations >= 1`",
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.MaxIterations.Set || fm.MaxIterations.Value >= 1 {
			return
		}
		p.Report(fm.MaxIterations.Pos, "max_iterations is %d; it must be 1 or more", fm.MaxIterations.Value)
	}}
