package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/story"
)

var unlogged = &Rule{Rule: catalog.Must("transition/unlogged"),
	CheckFile: func(p *Pass) {
		if p.Base == nil || p.Base.Front == nil || p.Head.Front == nil {
			return
		}
		from, to := p.Base.Front.CurrentState(), p.Head.Front.CurrentState()
		rows := p.NewRows()
		if from == to {
			checkRoleLogged(p, rows)
			return
		}
		switch {
		case len(rows) == 0:
			p.Report(p.Head.Front.State.Pos, "state changed from %s to %s in this change without a new Transition Log row", from, to)
		case rows[0].FromState() != from:
			p.Report(rows[0].From.Pos, "the new Transition Log rows start from %q, but the state at base was %s", rows[0].FromState(), from)
		case rows[len(rows)-1].ToState() != to:
			p.Report(p.Head.Front.State.Pos, "the new Transition Log rows end at %q, but the state is now %s", rows[len(rows)-1].ToState(), to)
		}
	}}

// checkRoleLogged reports an active_role that changed while the state did
// not, with no new log row: the turn moved without a transition, which the
// next change's authority rules would otherwise read as the base's turn.
func checkRoleLogged(p *Pass, rows []story.LogRow) {
	from, to := p.Base.Front.CurrentRole(), p.Head.Front.CurrentRole()
	if from != to && len(rows) == 0 {
		p.Report(p.Head.Front.ActiveRole.Pos, "active_role changed from %s to %s in this change without a new Transition Log row; the turn moves only with a logged transition", from, to)
	}
}
