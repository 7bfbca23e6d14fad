package rules

import (
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/lifecycle"
)

var hitlPending = &Rule{ID: "hitl/pending", Need: NeedFile, Spec: "§11", Severity: diag.SeverityNotice,
	Summary: "the story waits at a human gate (`plan_review`, `evaluation_review`, `escalated`, `accepted`, `blocked`)",
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !lifecycle.IsGate(fm.CurrentState()) {
			return
		}
		p.Report(fm.State.Pos, "%s waits at human gate %s: a human must decide one of %s", fm.ID.Value, fm.State.Value, plainList(lifecycle.EventsFrom(fm.CurrentState())))
	}}
