package rules

import (
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// newRows returns the head log rows past the base log's length.
func newRows(u Unit) []story.LogRow {
	head, _ := u.Head.Log()
	if u.Base == nil {
		return head
	}
	base, _ := u.Base.Log()
	if len(head) <= len(base) {
		return nil
	}
	return head[len(base):]
}

// statesInChange lists the states a story was in during the change: its base
// state, every state the new log rows pass through, and its head state.
func statesInChange(u Unit) map[string]bool {
	out := map[string]bool{}
	if fm := u.Head.Front; fm != nil && fm.State.Set {
		out[fm.State.Value] = true
	}
	rows := newRows(u)
	if u.Base != nil && u.Base.Front != nil && len(rows) > 0 {
		out[u.Base.Front.State.Value] = true
	}
	for _, r := range rows {
		out[story.Token(r.From.Text)] = true
		out[story.Token(r.To.Text)] = true
	}
	return out
}

// generatingUnits returns the stories that are generating in the change:
// only they may claim changed files through scope.write.
func generatingUnits(units []Unit) []Unit {
	var out []Unit
	for _, u := range units {
		if u.Head.Front != nil && statesInChange(u)[lifecycle.Generating] {
			out = append(out, u)
		}
	}
	return out
}

// frozen reports whether the contract was frozen at state, given the log
// that led there: from ready on, until a reopen sends the story to planning.
func frozen(state string, rows []story.LogRow) bool {
	switch state {
	case lifecycle.Seeded, lifecycle.Planning, lifecycle.PlanReview, "":
		return false
	case lifecycle.Blocked:
		reachedReady := false
		for _, r := range rows {
			switch story.Token(r.To.Text) {
			case lifecycle.Ready:
				reachedReady = true
			case lifecycle.Planning:
				reachedReady = false
			}
		}
		return reachedReady
	}
	return lifecycle.IsState(state)
}

// turnHolders are the roles that held the turn during the change.
func turnHolders(u Unit) map[string]bool {
	out := map[string]bool{lifecycle.Orchestrator: true}
	if u.Base != nil && u.Base.Front != nil {
		out[u.Base.Front.ActiveRole.Value] = true
		out[lifecycle.ActiveRoleFor(u.Base.Front.State.Value)] = true
	}
	for _, r := range newRows(u) {
		out[story.Token(r.Actor.Text)] = true
		out[lifecycle.ActiveRoleFor(story.Token(r.To.Text))] = true
	}
	return out
}
