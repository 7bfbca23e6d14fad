package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var gateWithoutDecision = &Rule{Rule: catalog.Must("hitl/gate-without-decision"),
	CheckFile: func(p *Pass) {
		rows, _ := p.Head.Log()
		decisions := indexDecisions(p.Head.Decisions())
		for k := range rows {
			t, ok := legalRow(&rows[k])
			if !ok || t.Actor != lifecycle.Human {
				continue // an illegal row is transition/illegal's finding
			}
			key := gateKey{t.Event, t.From}
			switch {
			case decisions.take(key):
			case decisions.advised[key]:
				p.Report(rows[k].Event.Pos, "human transition %s at %s is backed only by a decision marked **Binding:** false, which advises and does not pass the gate", t.Event, t.From)
			default:
				p.Report(rows[k].Event.Pos, "human transition %s at %s has no matching Human Decision entry (**Decision:** %s, **At state:** %s)", t.Event, t.From, t.Event, t.From)
			}
		}
	}}

// gateKey is what a decision records: an event at a state.
type gateKey struct {
	event lifecycle.Event
	state lifecycle.State
}

// decisionIndex holds a story's decisions by what they record: how many
// binding ones are still unmatched, and whether a non-binding one exists.
// Each human row takes one binding decision for its event and state, in
// any order, so counting them answers what matching the first unused one
// answered, without a scan per row.
type decisionIndex struct {
	binding map[gateKey]int
	advised map[gateKey]bool
}

func indexDecisions(ds []story.Decision) decisionIndex {
	x := decisionIndex{binding: make(map[gateKey]int, len(ds)), advised: map[gateKey]bool{}}
	for _, d := range ds {
		key := gateKey{d.DecidedEvent(), d.GateState()}
		if d.Binds() {
			x.binding[key]++
		} else {
			x.advised[key] = true
		}
	}
	return x
}

// take uses up one binding decision for key, if one is left.
func (x decisionIndex) take(key gateKey) bool {
	if x.binding[key] == 0 {
		return false
	}
	x.binding[key]--
	return true
}
