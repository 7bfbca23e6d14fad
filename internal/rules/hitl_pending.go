package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
)

var hitlPending = &Rule{Rule: catalog.Must("hitl/pending"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !lifecycle.IsGate(fm.CurrentState()) {
			return
		}
		p.Report(fm.State.Pos, "%s waits at human gate %s: a human must decide one of %s", fm.ID.Value, fm.State.Value, plainList(lifecycle.EventsFrom(fm.CurrentState())))
	}}
