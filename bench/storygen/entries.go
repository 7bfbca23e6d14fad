package storygen

import (
	"fmt"
	"math/rand/v2"
	"time"
)

// criterion is one acceptance criterion.
type criterion struct{ id, text string }

// check is one verification item.
type check struct{ id, command, passWhen string }

// planEntry is a ### Plan vN entry.
type planEntry struct {
	at                            time.Time
	summary                       string
	steps, assumptions, risks, qs []string
}

// iterEntry is a ### Iteration N entry.
type iterEntry struct {
	at                    time.Time
	summary               string
	files, commands       []string
	assumptions, disputes []string
}

// finding is one Convention Findings row.
type finding struct {
	file      string
	line      int
	doc, sect string
	violation string
}

// evalEntry is a ### Evaluation N entry with its verification results.
type evalEntry struct {
	n        int
	at       time.Time
	status   string
	results  []string // per check: PASS, FAIL or NOT RUN
	findings []finding
	design   [][4]string
	feedback []string
}

// decisionEntry is a ### Decision N entry.
type decisionEntry struct {
	at              time.Time
	state, decision string
	rationale       string
}

func newPlan(r *rand.Rand, s *spec, at time.Time) planEntry {
	return planEntry{
		at:          at,
		summary:     fill(r, pick(r, planSummaries), s.d),
		steps:       sentences(r, planSteps, s.d, 3+r.IntN(3)),
		assumptions: sentences(r, assumptionLines, s.d, 1+r.IntN(2)),
		risks:       sentences(r, riskLines, s.d, 1+r.IntN(2)),
		qs:          []string{pick(r, []string{"None.", fill(r, "Should {noun} writes be retried on timeout?", s.d)})},
	}
}

func newIteration(r *rand.Rand, s *spec, at time.Time) iterEntry {
	cmds := make([]string, 0, len(s.checks))
	for _, c := range pickN(r, s.checks, 1+r.IntN(len(s.checks))) {
		cmds = append(cmds, c.command)
	}
	return iterEntry{
		at:          at,
		summary:     fill(r, pick(r, iterSummaries), s.d),
		files:       pickN(r, s.d.files(), 1+r.IntN(3)),
		commands:    cmds,
		assumptions: []string{pick(r, []string{"None.", fill(r, "The {noun} table fits in memory on a single node.", s.d)})},
		disputes:    []string{"None."},
	}
}

func newEvaluation(r *rand.Rand, s *spec, status string, at time.Time) evalEntry {
	e := evalEntry{n: len(s.evals) + 1, at: at, status: status}
	e.results = make([]string, len(s.checks))
	for i := range e.results {
		e.results[i] = "PASS"
	}
	if status == "ACCEPTED" {
		e.feedback = []string{"- [x] " + fill(r, pick(r, feedbackLines), s.d)}
		return e
	}
	bad := r.IntN(len(s.checks))
	e.results[bad] = "FAIL"
	if status == "ESCALATED" && r.IntN(2) == 0 {
		e.results[bad] = "NOT RUN"
	}
	files := s.d.files()
	for k := 0; k < 1+r.IntN(2); k++ {
		e.findings = append(e.findings, finding{
			file: pick(r, files), line: 10 + r.IntN(300),
			doc: s.d.convention, sect: pick(r, conventionSections),
			violation: pick(r, violations),
		})
	}
	e.design = [][4]string{{pick(r, concerns), s.acs[0].id, fill(r, pick(r, approaches), s.d), pick(r, qualityConcerns)}}
	for _, f := range sentences(r, feedbackLines, s.d, 1+r.IntN(2)) {
		e.feedback = append(e.feedback, "- [ ] "+f)
	}
	return e
}

func newDecision(r *rand.Rand, s *spec, event, state string, at time.Time) decisionEntry {
	return decisionEntry{at: at, state: state, decision: event,
		rationale: fill(r, pick(r, rationales[event]), s.d)}
}

// criteria returns two to four acceptance criteria.
func criteria(r *rand.Rand, d domain) []criterion {
	lines := pickN(r, acLines, 2+r.IntN(3))
	out := make([]criterion, len(lines))
	for i, l := range lines {
		out[i] = criterion{fmt.Sprintf("AC%d", i+1), fill(r, l, d)}
	}
	return out
}

// checks returns one verification item per criterion, at most three.
func checks(r *rand.Rand, d domain, n int) []check {
	cmds := pickN(r, d.commands(), min(n, 3))
	out := make([]check, len(cmds))
	for i, c := range cmds {
		out[i] = check{fmt.Sprintf("V%d", i+1), c, pick(r, passWhens)}
	}
	return out
}

func goal(r *rand.Rand, d domain) string {
	return fill(r, pick(r, goalOpeners), d) + " " + fill(r, pick(r, goalMiddles), d) + "\n" +
		fill(r, pick(r, goalClosers), d)
}
