package rules

import (
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var acceptanceEvidence = &Rule{ID: "acceptance/evidence", Need: NeedFile, Spec: "§11",
	Summary: "an `ACCEPTED` evaluation has a result for every verification item, every result passes, none is `NOT RUN`",
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil {
			return
		}
		var evidence map[string]result // read once, and only for an ACCEPTED evaluation
		for _, e := range p.Head.MustEntries(lifecycle.SectionEvaluator) {
			status, ok := acceptedStatus(e)
			if !ok {
				continue
			}
			if evidence == nil {
				evidence = evidenceResults(p.Head)
			}
			results := toolFindings(e)
			for _, v := range fm.Verification.Items {
				checkAccepted(p, e, status, v.ID.Value, results, evidence)
			}
		}
	}}

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

func checkAccepted(p *Pass, e story.NumberedEntry, status story.Field, id string, own, evidence map[string]result) {
	if id == "" {
		return
	}
	r, ok := own[id]
	if !ok {
		r, ok = evidence[id]
	}
	switch {
	case !ok:
		p.Report(status.ValuePos, "%s is ACCEPTED but has no result for verification %s", entryName(e), id)
	case r.value == "NOT RUN":
		p.Report(r.pos, "%s is ACCEPTED but verification %s was NOT RUN", entryName(e), id)
	case r.value != "PASS":
		p.Report(r.pos, "%s is ACCEPTED but verification %s has result %s", entryName(e), id, r.value)
	}
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
