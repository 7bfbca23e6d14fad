package rules

import (
	"fmt"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var acceptanceEvidence = &Rule{Rule: catalog.Must("acceptance/evidence"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil {
			return
		}
		var evidence map[string]result // read once, and only for an ACCEPTED evaluation
		entries := p.Head.MustEntries(lifecycle.SectionEvaluator)
		latest := latestEvaluation(entries)
		for i, e := range entries {
			status, ok := acceptedStatus(e)
			if !ok {
				continue
			}
			if evidence == nil {
				evidence = evidenceResults(p.Head)
			}
			c := acceptedCheck{entry: e, status: status, own: toolFindings(e), evidence: evidence, latest: i == latest}
			for _, v := range fm.Verification.Items {
				c.check(p, v.ID.Value)
			}
		}
		checkAcceptedWithoutEvaluation(p, entries)
	}}

// checkAcceptedWithoutEvaluation reports an accept_result move that the
// evaluation in front of the human does not back (§1: acceptance requires
// structured verification evidence). The k-th submit_evaluation row hands
// over the k-th evaluation entry, so an accept_result after k of them needs
// entry k to read ACCEPTED: an earlier ACCEPTED evaluation does not count
// once a later one has rejected the work.
func checkAcceptedWithoutEvaluation(p *Pass, entries []story.NumberedEntry) {
	rows, _ := p.Head.Log()
	submitted := 0
	for i := range rows {
		r := &rows[i]
		switch r.EventName() {
		case "submit_evaluation": // counted even when malformed: it still handed an evaluation over
			submitted++
		case "accept_result":
			if _, legal := legalRow(r); !r.WellFormed() || !legal {
				continue // transition/log-format or transition/illegal reports it
			}
			if msg := unbacked(entries, submitted); msg != "" {
				p.Report(r.Event.Pos, "accept_result %s: acceptance requires the evaluator's \"### Evaluation N\" with **Status:** ACCEPTED and its results (§1, §11)", msg)
				return
			}
		}
	}
}

// unbacked says why the evaluation handed over by the n-th submit_evaluation
// does not back an acceptance, or "" when it does. With fewer entries than
// submissions (a log or entries out of step, which other rules judge) the
// latest entry is the one in front of the human.
func unbacked(entries []story.NumberedEntry, n int) string {
	if n == 0 || len(entries) == 0 {
		return "with no evaluation submitted before it"
	}
	e := entries[min(n, len(entries))-1]
	if _, ok := acceptedStatus(e); !ok {
		return fmt.Sprintf("after %s, which is not ACCEPTED", entryName(e))
	}
	return ""
}

// latestEvaluation returns the index of the last evaluation entry with a
// proper heading (the last entry when none has one, -1 when there are none).
func latestEvaluation(entries []story.NumberedEntry) int {
	for i := len(entries) - 1; i >= 0; i-- {
		if entries[i].OK {
			return i
		}
	}
	return len(entries) - 1
}

// acceptedStatus returns the evaluation's **Status:** field that reads
// ACCEPTED. Every Status field counts, not only the first: a repeated field
// (reported by entry/format) must not hide an acceptance from this rule.
func acceptedStatus(e story.NumberedEntry) (story.Field, bool) {
	for _, f := range e.Fields {
		if story.SameName(f.Key, "Status") && story.Token(f.Value) == "accepted" {
			return f, true
		}
	}
	return story.Field{}, false
}

// result is one claimed verification result.
type result struct {
	value string
	pos   story.Pos
}

// acceptedCheck holds what one ACCEPTED evaluation is checked against:
// its own Tool Findings and the latest Evidence run of each item. The
// Evidence is a fallback for an item the Tool Findings leave out; for the
// latest evaluation its latest run must not be FAIL or NOT RUN where the
// Tool Findings say PASS (an earlier evaluation is not held to runs made
// after it; a result that is not PASS, FAIL or NOT RUN is evidence/format's).
type acceptedCheck struct {
	entry         story.NumberedEntry
	status        story.Field
	own, evidence map[string]result
	latest        bool
}

func (c acceptedCheck) check(p *Pass, id string) {
	if id == "" {
		return
	}
	own, hasOwn := c.own[id]
	ev, hasEv := c.evidence[id]
	name := entryName(c.entry)
	switch {
	case hasOwn && own.value != "" && !oneOf(Results, own.value):
		// not a result at all: entry/format reports the Tool Findings cell
	case !hasOwn && !hasEv:
		p.Report(c.status.ValuePos, "%s is ACCEPTED but has no result for verification %s", name, id)
	case hasOwn && own.value != "PASS":
		p.Report(own.pos, "%s is ACCEPTED but verification %s %s", name, id, describeResult(own.value))
	case !hasOwn && ev.value != "PASS":
		p.Report(ev.pos, "%s is ACCEPTED but verification %s %s in its latest Evidence run", name, id, describeResult(ev.value))
	case hasEv && c.latest && (ev.value == "FAIL" || ev.value == "NOT RUN"):
		p.Report(ev.pos, "%s is ACCEPTED and its Tool Findings say %s PASS (line %d), but verification %s %s in its latest Evidence run", name, id, own.pos.Line, id, describeResult(ev.value))
	}
}

// describeResult words a result that is not PASS.
func describeResult(value string) string {
	switch value {
	case "":
		return "has no result"
	case "NOT RUN":
		return "was NOT RUN"
	}
	return "has result " + value
}

// toolFindings returns an evaluation's Tool Findings results by ID.
func toolFindings(e story.NumberedEntry) map[string]result {
	part := e.Part("Tool Findings")
	if part == nil {
		return nil
	}
	return resultsOf(story.FirstTable(part.Blocks))
}

// evidenceResults returns the Evidence Verification Runs results by ID.
func evidenceResults(s *story.Story) map[string]result {
	if s.Body == nil {
		return nil
	}
	sec := s.Body.Section(lifecycle.SectionEvidence)
	if sec == nil {
		return nil
	}
	return resultsOf(RunsTable(sec))
}

// resultsOf reads Verification ID and Result columns; a later row for the
// same ID (a rerun) replaces an earlier one.
func resultsOf(t *story.Table) map[string]result {
	if t == nil {
		return nil
	}
	idCol, resCol := t.Column("Verification ID"), t.Column("Result")
	if idCol < 0 || resCol < 0 {
		return nil
	}
	out := map[string]result{}
	for _, r := range t.Rows {
		c := r.Cell(resCol)
		out[story.Clean(r.Cell(idCol).Text)] = result{NormalizeResult(c.Text), c.Pos}
	}
	return out
}
