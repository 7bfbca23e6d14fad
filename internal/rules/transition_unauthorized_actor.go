package rules

import (
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var unauthorizedActor = &Rule{ID: "transition/unauthorized-actor", Need: NeedFile, Spec: "§4, §5",
	Summary: "every row's Actor is the actor the table names for that event",
	CheckFile: func(p *Pass) {
		rows, _ := p.Head.Log()
		for _, r := range rows {
			event := story.Token(r.Event.Text)
			want, ok := lifecycle.ActorOf(event)
			if got := story.Token(r.Actor.Text); ok && got != want {
				p.Report(r.Actor.Pos, "%s may only be performed by %s, not %s", event, want, quoteOr(got))
			}
		}
	}}
