package rules

import (
	"strings"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
)

// activeRoleMismatch refuses only an active_role no reading of the spec
// allows at the story's state (lifecycle.AcceptedRoles). The field grants
// nothing: the turn follows the state (turnHolders), so every reading the
// spec leaves open is accepted.
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
		if !lifecycle.IsAcceptedRole(state, role) {
			accepted := strings.Join(lifecycle.Names(lifecycle.AcceptedRoles(state)), ", ")
			p.Report(fm.ActiveRole.Pos, "active_role is %s, which no reading of the spec allows at state %s; accepted there: %s (docs/stories.md, \"Who active_role may name\")", role, state, accepted)
		}
	}}
