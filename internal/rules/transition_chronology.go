package rules

import "github.com/storygate/storygate/internal/story"

var chronology = &Rule{ID: "transition/chronology", Need: NeedFile, Spec: "§10",
	Summary: "rows are in chronological order",
	CheckFile: func(p *Pass) {
		rows, _ := p.Head.Log()
		var prev *story.LogRow
		for i := range rows {
			r := &rows[i]
			if !r.WellFormed() {
				continue // transition/log-format reports it
			}
			if !r.TimeOK && story.Clean(r.Time.Text) == "" {
				p.Report(r.Time.Pos, "the Time cell is empty (write 2026-05-27T10:00:00Z)")
				continue
			}
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
