package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
)

var fromMismatch = &Rule{Rule: catalog.Must("transition/from-mismatch"),
	CheckFile: func(p *Pass) {
		rows, _ := p.Head.Log()
		prev := lifecycle.Seeded // "" when unknown: after a malformed or illegal row
		for i := range rows {
			r := &rows[i]
			if from := r.FromState(); r.WellFormed() && prev != "" && lifecycle.IsState(from) && from != prev {
				if i == 0 {
					p.Report(r.From.Pos, "the first transition starts from %q; a story's log starts at %s", from, lifecycle.Seeded)
				} else {
					p.Report(r.From.Pos, "transition starts from %q but the previous row ended at %q", from, prev)
				}
			}
			// The state after a row that is not a legal transition is not
			// known: transition/illegal or transition/log-format reports the
			// row, and the next row is not held to its To.
			prev = ""
			if t, ok := legalRow(r); ok {
				prev = t.To
			}
		}
	}}
