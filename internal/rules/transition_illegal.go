package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var illegalTransition = &Rule{Rule: catalog.Must("transition/illegal"),
	CheckFile: func(p *Pass) {
		rows, _ := p.Head.Log()
		for i := range rows {
			if r := &rows[i]; r.WellFormed() {
				checkTransition(p, r)
			}
		}
	}}

// checkTransition reports what is wrong with one row's From, Event and To:
// the first of them that is, so one defect gives one finding.
func checkTransition(p *Pass, r *story.LogRow) {
	from, event, to := r.FromState(), r.EventName(), r.ToState()
	t, ok := lifecycle.Lookup(from, event)
	switch {
	case from == "":
		p.Report(r.From.Pos, "the From cell is empty; a row names the state it leaves")
	case !lifecycle.IsState(from):
		p.Report(r.From.Pos, "From %q is not a state (legal: %s)", from, plainList(lifecycle.States()))
	case event == "":
		p.Report(r.Event.Pos, "the Event cell is empty (%s)", legalFrom(from))
	case !ok:
		p.Report(r.Event.Pos, "%s is not a legal event from %s (%s)", event, from, legalFrom(from))
	case to == "":
		p.Report(r.To.Pos, "the To cell is empty; %s from %s leads to %s", event, from, t.To)
	case t.To != to:
		p.Report(r.To.Pos, "%s from %s leads to %s, not %s", event, from, t.To, to)
	}
}

// legalFrom names the events that leave a state.
func legalFrom(state lifecycle.State) string {
	if ev := lifecycle.EventsFrom(state); len(ev) > 0 {
		return "legal from " + string(state) + ": " + plainList(ev)
	}
	return string(state) + " is final: no transition leaves it"
}
