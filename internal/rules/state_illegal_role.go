package rules

import "github.com/storygate/storygate/internal/lifecycle"

var illegalRole = &Rule{ID: "state/illegal-role", Need: NeedFile, Spec: "§4",
	Summary: "`active_role` is one of the six legal roles",
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.ActiveRole.Set || lifecycle.IsRole(fm.CurrentRole()) {
			return
		}
		p.Report(fm.ActiveRole.Pos, "active_role %q is not a legal role (legal: %s)", fm.ActiveRole.Value, plainList(lifecycle.Roles()))
	}}
