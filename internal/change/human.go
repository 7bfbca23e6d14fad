package change

import (
	"github.com/storygate/storygate/internal/lifecycle"
)

// HumanOnly reports whether the change moved the story by a human alone: it
// adds at least one log row, and every new row is a human's event (actor
// human; accept_result, mark_done, approve_plan, …), recorded by a new
// binding Human Decision entry at the row's from state. A human's closure
// commit is the common case. hitl ties each such decision to a person's
// comment in a pull request (hitl/decision-unverified), so the rows are
// taken at their word no further than the decisions are.
func (p Pair) HumanOnly() bool {
	if p.Base == nil || p.Base.Front == nil || p.Head.Front == nil {
		return false
	}
	rows := p.NewRows()
	if len(rows) == 0 {
		return false
	}
	decided := p.NewDecisions()
	for _, r := range rows {
		event := r.EventName()
		if r.ActorRole() != lifecycle.Human || !lifecycle.IsHumanEvent(event) {
			return false
		}
		found := false
		for _, d := range decided {
			if d.Binds() && d.Records(event, r.FromState()) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// HumansOnly reports whether the change is a human's (docs/stories.md,
// "A human's change"): no story is generating in it, it deletes no story,
// and every story it changed was moved by a human alone (Pair.HumanOnly).
// Its other files are then a human's to change, as in a pull request that
// touches no story.
func (c *Change) HumansOnly() bool {
	if len(c.generating) > 0 || len(c.Deleted) > 0 || !c.HasBase {
		return false
	}
	touched := 0
	for _, p := range c.Pairs {
		if p.Unchanged() || !c.Touched(p) {
			continue
		}
		if !p.HumanOnly() {
			return false
		}
		touched++
	}
	return touched > 0
}

// Touched reports whether the change created, modified or moved p's file.
func (c *Change) Touched(p Pair) bool {
	return c.changed[p.Head.Path] || (p.Base != nil && c.changed[p.Base.Path])
}
