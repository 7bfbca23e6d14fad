package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
)

var activeRoleMismatch = &Rule{Rule: catalog.Must("state/active-role-mismatch"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.State.Set || !fm.ActiveRole.Set {
			return
		}
		state, role := fm.CurrentState(), fm.CurrentRole()
		if !lifecycle.IsState(state) || !lifecycle.IsRole(role) {
			return // state/illegal-state and state/illegal-role report these
		}
		if want := lifecycle.ActiveRoleFor(state); role != want {
			p.Report(fm.ActiveRole.Pos, "active_role is %s, but at state %s it is the %s's turn (active_role: %s)", role, state, want, want)
		}
	}}
