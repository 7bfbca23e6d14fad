package rules

import "github.com/storygate/storygate/internal/catalog"

var unauthorizedActor = &Rule{Rule: catalog.Must("transition/unauthorized-actor"),
	CheckFile: func(p *Pass) {
		rows, _ := p.Head.Log()
		for i := range rows {
			r := &rows[i]
			t, ok := legalRow(r)
			if !ok {
				continue // transition/illegal or transition/log-format reports it
			}
			switch got := r.ActorRole(); {
			case got == "":
				p.Report(r.Actor.Pos, "%s may only be performed by %s, but the Actor cell is empty", t.Event, t.Actor)
			case got != t.Actor:
				p.Report(r.Actor.Pos, "%s may only be performed by %s, not %s", t.Event, t.Actor, got)
			}
		}
	}}
