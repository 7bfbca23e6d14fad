package rules

import (
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var fromMismatch = &Rule{ID: "transition/from-mismatch", Need: NeedFile, Spec: "§10",
	Summary: "each log row's From equals the previous row's To (the first row starts at `seeded`)",
	CheckFile: func(p *Pass) {
		rows, _ := p.Head.Log()
		prev := lifecycle.Seeded
		for i, r := range rows {
			from := story.Token(r.From.Text)
			if from != prev {
				if i == 0 {
					p.Report(r.From.Pos, "the first transition starts from %q; a story's log starts at %s", from, lifecycle.Seeded)
				} else {
					p.Report(r.From.Pos, "transition starts from %q but the previous row ended at %q", from, prev)
				}
			}
			prev = story.Token(r.To.Text)
		}
	}}

var toMismatch = &Rule{ID: "transition/to-mismatch", Need: NeedFile, Spec: "§10",
	Summary: "the last row's To equals the frontmatter `state`",
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.State.Set || !lifecycle.IsState(fm.State.Value) || p.Head.Body == nil {
			return
		}
		rows, _ := p.Head.Log()
		if len(rows) == 0 {
			if fm.State.Value != lifecycle.Seeded {
				p.Report(fm.State.Pos, "state is %s but the Transition Log has no rows; every state change must append one (a story starts at %s)", fm.State.Value, lifecycle.Seeded)
			}
			return
		}
		last := rows[len(rows)-1]
		if to := story.Token(last.To.Text); to != fm.State.Value {
			p.Report(fm.State.Pos, "state is %s but the last Transition Log row (line %d) ends at %q", fm.State.Value, last.Pos.Line, to)
		}
	}}

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

var chronology = &Rule{ID: "transition/chronology", Need: NeedFile, Spec: "§10",
	Summary: "rows are in chronological order",
	CheckFile: func(p *Pass) {
		rows, _ := p.Head.Log()
		var prev *story.LogRow
		for i := range rows {
			r := &rows[i]
			if !r.TimeOK {
				p.Report(r.Time.Pos, "time %q is not a timestamp (write 2026-05-27T10:00:00Z)", story.Clean(r.Time.Text))
				continue
			}
			if prev != nil && r.When.Before(prev.When) {
				p.Report(r.Time.Pos, "row at %s is earlier than the row before it (%s, line %d)", story.Clean(r.Time.Text), story.Clean(prev.Time.Text), prev.Pos.Line)
			}
			prev = r
		}
	}}
