package rules

var unauthorizedActor = &Rule{ID: "transition/unauthorized-actor", Need: NeedFile, Spec: "§4, §5",
	Summary: "every row's Actor is the actor the table names for that event",
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
