package rules

import (
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var iterationLimit = &Rule{ID: "iteration/limit", Need: NeedFile, Spec: "§11",
	Summary: "once `iteration >= max_iterations`, the next non-terminal move is to `escalated` or `blocked`",
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.MaxIterations.Set || fm.MaxIterations.Value < 1 {
			return
		}
		rows, _ := p.Head.Log()
		checkLoopLimit(p, rows, fm.MaxIterations.Value)
		checkIterationField(p, fm.Iteration, fm.MaxIterations.Value, rows)
	}}

// checkIterationField catches a story whose recorded iteration has passed
// the limit although the log never went through escalated or blocked: the
// loop kept going without the human ruling the limit requires.
func checkIterationField(p *Pass, it story.Int, limit int, rows []story.LogRow) {
	if !it.Set || it.Value <= limit {
		return
	}
	for _, r := range rows {
		if to := story.Token(r.To.Text); to == lifecycle.Escalated || to == lifecycle.Blocked {
			return
		}
	}
	p.Report(it.Pos, "iteration %d is past max_iterations %d, but the story never went to escalated or blocked", it.Value, limit)
}

// checkLoopLimit replays the log counting entries into generating (each is
// one iteration). Once the count reaches the limit, the loop may not go back
// to generating on its own (request_revision, start_generation); only an
// explicit human ruling after an escalation or block may send it there.
func checkLoopLimit(p *Pass, rows []story.LogRow, limit int) {
	iteration, ruled := 0, false
	for _, r := range rows {
		event, to := story.Token(r.Event.Text), story.Token(r.To.Text)
		if iteration >= limit && (to == lifecycle.Escalated || to == lifecycle.Blocked) {
			ruled = true
		}
		if to != lifecycle.Generating {
			continue
		}
		if iteration >= limit && !ruled {
			p.Report(r.Event.Pos, "%s after %d of %d iterations: at the limit the story must go to escalated or blocked", event, iteration, limit)
		}
		iteration++
		ruled = false
	}
}
