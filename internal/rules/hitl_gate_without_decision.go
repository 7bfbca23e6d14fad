package rules

import (
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var gateWithoutDecision = &Rule{ID: "hitl/gate-without-decision", Need: NeedFile, Spec: "§5, §11",
	Summary: "every human-actor transition has a matching Human Decision entry (same decision, same At state)",
	CheckFile: func(p *Pass) {
		rows, _ := p.Head.Log()
		unused := p.Head.Decisions()
		for _, r := range rows {
			event, from := story.Token(r.Event.Text), story.Token(r.From.Text)
			if actor, ok := lifecycle.ActorOf(event); !ok || actor != lifecycle.Human {
				continue
			}
			i := matchDecision(unused, event, from)
			if i < 0 {
				p.Report(r.Event.Pos, "human transition %s at %s has no matching Human Decision entry (**Decision:** %s, **At state:** %s)", event, from, event, from)
				continue
			}
			unused = append(unused[:i], unused[i+1:]...)
		}
	}}

// matchDecision returns the index of the first decision for event at state.
func matchDecision(ds []story.Decision, event, state string) int {
	for i, d := range ds {
		if story.Token(d.Decision.Value) == event && story.Token(d.AtState.Value) == state {
			return i
		}
	}
	return -1
}
