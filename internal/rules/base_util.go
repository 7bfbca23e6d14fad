package rules

import (
	"github.com/storygate/storygate/internal/lifecycle"
)

// turnHolders are the roles that held the turn during the change.
func turnHolders(u Unit) map[lifecycle.Role]bool {
	out := map[lifecycle.Role]bool{lifecycle.Orchestrator: true}
	if u.Base != nil && u.Base.Front != nil {
		// The base state's turn, not the base active_role: an active_role
		// that does not match its state (flipped by an earlier change) is
		// state/active-role-mismatch's finding and grants no turn.
		out[lifecycle.ActiveRoleFor(u.Base.Front.CurrentState())] = true
	}
	for _, r := range u.NewRows() {
		out[r.ActorRole()] = true
		out[lifecycle.ActiveRoleFor(r.ToState())] = true
	}
	return out
}
