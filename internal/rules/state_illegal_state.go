package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
)

var illegalState = &Rule{Rule: catalog.Must("state/illegal-state"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.State.Set || lifecycle.IsState(fm.CurrentState()) {
			return
		}
		p.Report(fm.State.Pos, "state %q is not a legal state (legal: %s)", fm.State.Value, plainList(lifecycle.States()))
	}}
