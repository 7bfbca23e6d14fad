package rules

import (
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var gateWithoutDecision = &Rule{ID: "hitl/gate-without-decision", Need: NeedFile, Spec: "§5, §11",
	Summary: "every human-actor transition has a matching Human Decision entry (same decision, same At state)",
	CheckFile: func(p *Pass) {
		rows, _ := p.Head.Log()
		decisions := p.Head.Decisions()
		used := make([]bool, len(decisions))
		for k := range rows {
			t, ok := legalRow(&rows[k])
			if !ok || t.Actor != lifecycle.Human {
				continue // an illegal row is transition/illegal's finding
			}
			i := matchDecision(decisions, used, t.Event, t.From)
			switch {
			case i < 0 && p.Head.Advised(t.Event, t.From):
				p.Report(rows[k].Event.Pos, "human transition %s at %s is backed only by a decision marked **Binding:** false, which advises and does not pass the gate", t.Event, t.From)
				continue
			case i < 0:
				p.Report(rows[k].Event.Pos, "human transition %s at %s has no matching Human Decision entry (**Decision:** %s, **At state:** %s)", t.Event, t.From, t.Event, t.From)
				continue
			}
			used[i] = true
		}
	}}

// matchDecision returns the index of the first unused binding decision for
// event at state.
func matchDecision(ds []story.Decision, used []bool, event lifecycle.Event, state lifecycle.State) int {
	for i, d := range ds {
		if !used[i] && d.Binds() && d.Records(event, state) {
			return i
		}
	}
	return -1
}
