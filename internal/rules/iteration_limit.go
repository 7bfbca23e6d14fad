package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var iterationLimit = &Rule{Rule: catalog.Must("iteration/limit"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.MaxIterations.Set || fm.MaxIterations.Value < 1 {
			return
		}
		rows, _ := p.Head.Log()
		if !checkLoopLimit(p, rows, fm.MaxIterations.Value) {
			checkIterationField(p, fm.Iteration, fm.MaxIterations.Value, rows)
		}
	}}

// checkIterationField catches a story whose recorded iteration has passed
// the limit although the log never went through escalated or blocked: the
// loop kept going without the human ruling the limit requires. It runs
// only when the log itself showed no such move (that row is the finding).
func checkIterationField(p *Pass, it story.Int, limit int, rows []story.LogRow) {
	if !it.Set || it.Value <= limit {
		return
	}
	for i := range rows {
		if t, ok := legalRow(&rows[i]); ok && (t.To == lifecycle.Escalated || t.To == lifecycle.Blocked) {
			return
		}
	}
	p.Report(it.Pos, "iteration %d is past max_iterations %d, but the story never went to escalated or blocked", it.Value, limit)
}

// checkLoopLimit replays the legal log rows counting entries into
// generating (each starts one iteration). Once the count reaches the limit,
// the loop may not go back to generating on its own (request_revision,
// start_generation); only an explicit human ruling after an escalation or
// block may send it there. It reports each such row and whether there was one.
func checkLoopLimit(p *Pass, rows []story.LogRow, limit int) bool {
	iteration, ruled, found := 0, false, false
	for i := range rows {
		t, ok := legalRow(&rows[i])
		if !ok {
			continue // transition/illegal or transition/log-format reports it
		}
		if iteration >= limit && (t.To == lifecycle.Escalated || t.To == lifecycle.Blocked) {
			ruled = true
		}
		if t.To != lifecycle.Generating {
			continue
		}
		if iteration >= limit && !ruled {
			p.Report(rows[i].Event.Pos, "%s starts iteration %d, past max_iterations %d: once the limit is reached the story must go to escalated or blocked first", t.Event, iteration+1, limit)
			found = true
		}
		iteration++
		ruled = false
	}
	return found
}
