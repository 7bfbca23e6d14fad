package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/story"
)

var chronology = &Rule{Rule: catalog.Must("transition/chronology"),
	CheckFile: func(p *Pass) {
		rows, _ := p.Head.Log()
		var prev *story.LogRow
		early := false // a row earlier than created_at was reported
		for i := range rows {
			r := &rows[i]
			if !r.WellFormed() || !timeReadable(p, r) {
				continue // transition/log-format reports a malformed row
			}
			switch {
			case prev != nil && r.When.Before(prev.When):
				p.Report(r.Time.Pos, "row at %s is earlier than the row before it (%s, line %d)", story.Clean(r.Time.Text), story.Clean(prev.Time.Text), prev.Pos.Line)
			case !early && beforeCreated(p, r):
				created := front(p).CreatedAt
				p.Report(r.Time.Pos, "row at %s is earlier than created_at (%s, line %d)", story.Clean(r.Time.Text), created.Raw, created.Pos.Line)
				early = true
			}
			prev = r
		}
	}}

// timeReadable reports a row's empty or unreadable Time cell.
func timeReadable(p *Pass, r *story.LogRow) bool {
	switch {
	case r.TimeOK:
		return true
	case story.Clean(r.Time.Text) == "":
		p.Report(r.Time.Pos, "the Time cell is empty (write 2026-05-27T10:00:00Z)")
	default:
		p.Report(r.Time.Pos, "time %q is not a timestamp (write 2026-05-27T10:00:00Z)", story.Clean(r.Time.Text))
	}
	return false
}

// beforeCreated reports whether the row's time is before the story's
// created_at. Only the first such row is reported: the rows after it are
// held to it in order, so once it is fixed an earlier one is out of order.
func beforeCreated(p *Pass, r *story.LogRow) bool {
	fm := front(p)
	return fm != nil && fm.CreatedAt.Set && r.When.Before(fm.CreatedAt.Value)
}
