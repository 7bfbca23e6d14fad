package rules

import (
	"github.com/storygate/storygate/internal/lifecycle"
)

// turnHolders are the roles that held the turn during the change.
func turnHolders(u Unit) map[lifecycle.Role]bool {
	out := map[lifecycle.Role]bool{lifecycle.Orchestrator: true}
	if u.Base != nil && u.Base.Front != nil {
		// The base state's turn, not the base active_role: the field
		// grants no turn (state/active-role-mismatch accepts every reading
		// of it the spec leaves open, and an earlier change may have
		// flipped it).
		out[lifecycle.ActiveRoleFor(u.Base.Front.CurrentState())] = true
	}
	for _, r := range u.NewRows() {
		out[r.ActorRole()] = true
		out[lifecycle.ActiveRoleFor(r.ToState())] = true
	}
	return out
}
