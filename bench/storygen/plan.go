package storygen

import (
	"fmt"
	"math/rand/v2"
	"time"
)

// transition is one row of the spec's §5 table that the generator uses.
type transition struct{ from, to, actor string }

// table is the subset of §5 the generated lifecycles walk.
var table = map[string]transition{
	"begin_planning":       {"seeded", "planning", "orchestrator"},
	"submit_plan":          {"planning", "plan_review", "planner"},
	"approve_plan":         {"plan_review", "ready", "human"},
	"reject_plan":          {"plan_review", "planning", "human"},
	"block":                {"plan_review", "blocked", "human"},
	"unblock_to_planning":  {"blocked", "planning", "human"},
	"start_generation":     {"ready", "generating", "orchestrator"},
	"submit_generation":    {"generating", "evaluating", "generator"},
	"submit_evaluation":    {"evaluating", "evaluation_review", "evaluator"},
	"accept_result":        {"evaluation_review", "accepted", "human"},
	"request_revision":     {"evaluation_review", "generating", "human"},
	"escalate":             {"evaluation_review", "escalated", "human"},
	"ruling_to_generating": {"escalated", "generating", "human"},
	"mark_done":            {"accepted", "done", "human"},
}

// step is one scripted event; status is the verdict of an evaluation.
type step struct{ event, status string }

// row is one applied event: a Transition Log row.
type row struct {
	at                     time.Time
	actor, event, from, to string
	note                   string
}

// spec is everything one story renders from.
type spec struct {
	idx                  int
	id, title            string
	d                    domain
	priority             string
	tags                 []string
	maxIter, iteration   int
	created              time.Time
	quoteUpdated         bool
	acs                  []criterion
	checks               []check
	goal                 string
	nonGoals, constraint []string
	state                string
	rows                 []row
	plans                []planEntry
	iterations           []iterEntry
	evals                []evalEntry
	decisions            []decisionEntry
	dependsOn, dependent []string
}

// plan builds every story, then links dependency chains between them.
func plan(opts Options) []*spec {
	if opts.N <= 0 {
		return nil
	}
	specs := make([]*spec, opts.N)
	each(opts.N, func(i int) { specs[i] = newSpec(opts.Seed, i) })
	if opts.Chain {
		chain(specs)
	} else {
		link(opts.Seed, specs)
	}
	return specs
}

// link makes some stories depend on the one or two done stories just
// before them, and mirrors that in dependent_stories.
func link(seed uint64, specs []*spec) {
	r := rand.New(rand.NewPCG(seed, 0xd3b5))
	for i := 1; i < len(specs); i++ {
		if r.IntN(100) >= 20 {
			continue
		}
		for back := 1; back <= 1+r.IntN(2) && i-back >= 0; back++ {
			dep := specs[i-back]
			if dep.state != "done" {
				continue
			}
			specs[i].dependsOn = append(specs[i].dependsOn, dep.id)
			dep.dependent = append(dep.dependent, specs[i].id)
		}
	}
}

// chain makes every story depend on the nearest done story before it.
func chain(specs []*spec) {
	var last *spec
	for _, s := range specs {
		if last != nil {
			s.dependsOn = append(s.dependsOn, last.id)
			last.dependent = append(last.dependent, s.id)
		}
		if s.state == "done" {
			last = s
		}
	}
}

func newSpec(seed uint64, i int) *spec {
	r := rngFor(seed, i)
	d := domains[r.IntN(len(domains))]
	s := &spec{idx: i, id: fmt.Sprintf("STORY-%05d", i+1), d: d}
	s.title = title(r, d)
	s.priority = pick(r, []string{"high", "medium", "low", "medium"})
	s.tags = pickN(r, append([]string{d.name}, tagWords...), 1+r.IntN(3))
	s.created = time.Date(2026, 1, 5, 8, 0, 0, 0, time.UTC).
		Add(time.Duration(i)*37*time.Minute + time.Duration(r.IntN(600))*time.Minute)
	s.quoteUpdated = r.IntN(2) == 0
	s.acs = criteria(r, d)
	s.checks = checks(r, d, len(s.acs))
	s.goal = goal(r, d)
	s.nonGoals = sentences(r, nonGoalLines, d, 1+r.IntN(2))
	s.constraint = sentences(r, constraintLines, d, 1+r.IntN(3))
	steps := script(r)
	s.maxIter = max(3, countEvent(steps, "submit_generation")) + r.IntN(2)
	s.run(r, cut(r, steps))
	return s
}

// script is a full lifecycle from seeded to done.
func script(r *rand.Rand) []step {
	s := []step{{event: "begin_planning"}, {event: "submit_plan"}}
	switch x := r.IntN(20); {
	case x < 3:
		s = append(s, step{event: "reject_plan"}, step{event: "submit_plan"})
	case x == 3:
		s = append(s, step{event: "block"}, step{event: "unblock_to_planning"}, step{event: "submit_plan"})
	}
	s = append(s, step{event: "approve_plan"}, step{event: "start_generation"})
	k := 1 + r.IntN(3)
	for it := 1; it <= k; it++ {
		s = append(s, step{event: "submit_generation"})
		switch {
		case it == k:
			s = append(s, step{"submit_evaluation", "ACCEPTED"}, step{event: "accept_result"})
		case r.IntN(5) == 0:
			s = append(s, step{"submit_evaluation", "ESCALATED"}, step{event: "escalate"}, step{event: "ruling_to_generating"})
		default:
			s = append(s, step{"submit_evaluation", "REJECTED"}, step{event: "request_revision"})
		}
	}
	return append(s, step{event: "mark_done"})
}

// cut stops most stories at done and the rest anywhere along the way.
func cut(r *rand.Rand, steps []step) []step {
	if r.IntN(100) < 60 {
		return steps
	}
	return steps[:r.IntN(len(steps))]
}

func countEvent(steps []step, event string) int {
	n := 0
	for _, s := range steps {
		if s.event == event {
			n++
		}
	}
	return n
}

// run applies the steps: each appends its log row and its entry.
func (s *spec) run(r *rand.Rand, steps []step) {
	s.state = "seeded"
	clock := s.created.Add(time.Duration(5+r.IntN(55)) * time.Minute)
	for _, st := range steps {
		t := table[st.event]
		prev := clock
		clock = clock.Add(time.Duration(20+r.IntN(1200)) * time.Minute)
		entryAt := prev.Add(clock.Sub(prev) / 2).Truncate(time.Minute)
		note := s.entry(r, st, t, entryAt, clock)
		s.rows = append(s.rows, row{clock, t.actor, st.event, t.from, t.to, note})
		s.state = t.to
		if t.to == "generating" {
			s.iteration++
		}
	}
}

// entry appends the role output that goes with a step and returns the log note.
func (s *spec) entry(r *rand.Rand, st step, t transition, entryAt, rowAt time.Time) string {
	switch {
	case st.event == "submit_plan":
		s.plans = append(s.plans, newPlan(r, s, entryAt))
		return fmt.Sprintf("Plan v%d", len(s.plans))
	case st.event == "start_generation":
		return fmt.Sprintf("iteration %d", s.iteration+1)
	case st.event == "submit_generation":
		s.iterations = append(s.iterations, newIteration(r, s, entryAt))
		return fmt.Sprintf("Iteration %d", len(s.iterations))
	case st.event == "submit_evaluation":
		s.evals = append(s.evals, newEvaluation(r, s, st.status, entryAt))
		return fmt.Sprintf("Evaluation %d", len(s.evals))
	case t.actor == "human":
		s.decisions = append(s.decisions, newDecision(r, s, st.event, t.from, rowAt))
		return fmt.Sprintf("Decision %d", len(s.decisions))
	}
	return ""
}

// updated is the time of the last log row, or the creation time.
func (s *spec) updated() time.Time {
	if len(s.rows) == 0 {
		return s.created
	}
	return s.rows[len(s.rows)-1].at
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// pickN returns n distinct elements of xs in their original order.
func pickN[T any](r *rand.Rand, xs []T, n int) []T {
	idx := r.Perm(len(xs))[:min(n, len(xs))]
	keep := make([]bool, len(xs))
	for _, i := range idx {
		keep[i] = true
	}
	var out []T
	for i, x := range xs {
		if keep[i] {
			out = append(out, x)
		}
	}
	return out
}
