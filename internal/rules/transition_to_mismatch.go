package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
)

var toMismatch = &Rule{Rule: catalog.Must("transition/to-mismatch"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.State.Set || !lifecycle.IsState(fm.CurrentState()) || p.Head.Body == nil {
			return
		}
		if p.Head.Body.Section(lifecycle.SectionLog) == nil {
			return // structure/required-section reports the missing log
		}
		rows, _ := p.Head.Log()
		if len(rows) == 0 {
			if fm.CurrentState() != lifecycle.Seeded {
				p.Report(fm.State.Pos, "state is %s but the Transition Log has no rows; every state change must append one (a story starts at %s)", fm.State.Value, lifecycle.Seeded)
			}
			return
		}
		last := rows[len(rows)-1]
		if !last.WellFormed() {
			return // transition/log-format reports the row; its To is not known
		}
		if to := last.ToState(); to != fm.CurrentState() {
			p.Report(fm.State.Pos, "state is %s but the last Transition Log row (line %d) ends at %q", fm.State.Value, last.Pos.Line, to)
		}
	}}
