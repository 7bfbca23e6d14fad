package rules

import "github.com/storygate/storygate/internal/story"

var unlogged = &Rule{ID: "transition/unlogged", Need: NeedBase, Spec: "§10",
	Summary: "a state change between base and head is covered by new log rows",
	CheckFile: func(p *Pass) {
		if p.Base == nil || p.Base.Front == nil || p.Head.Front == nil {
			return
		}
		from, to := p.Base.Front.State.Value, p.Head.Front.State.Value
		if from == to {
			return
		}
		rows := p.NewRows()
		switch {
		case len(rows) == 0:
			p.Report(p.Head.Front.State.Pos, "state changed from %s to %s in this change without a new Transition Log row", from, to)
		case story.Token(rows[0].From.Text) != from:
			p.Report(rows[0].From.Pos, "the new Transition Log rows start from %q, but the state at base was %s", story.Token(rows[0].From.Text), from)
		case story.Token(rows[len(rows)-1].To.Text) != to:
			p.Report(p.Head.Front.State.Pos, "the new Transition Log rows end at %q, but the state is now %s", story.Token(rows[len(rows)-1].To.Text), to)
		}
	}}
