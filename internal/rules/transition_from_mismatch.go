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
