package rules

import (
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var illegalTransition = &Rule{ID: "transition/illegal", Need: NeedFile, Spec: "§5",
	Summary: "every row's (From, Event, To) is in the transition table",
	CheckFile: func(p *Pass) {
		rows, _ := p.Head.Log()
		for _, r := range rows {
			from, event, to := story.Token(r.From.Text), story.Token(r.Event.Text), story.Token(r.To.Text)
			t, ok := lifecycle.Lookup(from, event)
			switch {
			case !ok:
				p.Report(r.Event.Pos, "%s is not a legal event from %s (legal from %s: %s)", quoteOr(event), quoteOr(from), quoteOr(from), legalFrom(from))
			case t.To != to:
				p.Report(r.To.Pos, "%s from %s leads to %s, not %s", event, from, t.To, quoteOr(to))
			}
		}
	}}

func legalFrom(state string) string {
	if ev := lifecycle.EventsFrom(state); len(ev) > 0 {
		return plainList(ev)
	}
	return "none: it is not a state with outgoing transitions"
}

func quoteOr(s string) string {
	if s == "" {
		return `""`
	}
	return s
}
