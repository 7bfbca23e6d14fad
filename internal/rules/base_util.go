package rules

import (
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// turnHolders are the roles that held the turn during the change.
func turnHolders(u Unit) map[string]bool {
	out := map[string]bool{lifecycle.Orchestrator: true}
	if u.Base != nil && u.Base.Front != nil {
		// The base state's turn, not the base active_role: an active_role
		// that does not match its state (flipped by an earlier change) is
		// state/active-role-mismatch's finding and grants no turn.
		out[lifecycle.ActiveRoleFor(u.Base.Front.State.Value)] = true
	}
	for _, r := range u.NewRows() {
		out[story.Token(r.Actor.Text)] = true
		out[lifecycle.ActiveRoleFor(story.Token(r.To.Text))] = true
	}
	return out
}
