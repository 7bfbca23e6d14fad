// Package transition applies the orchestrator's legal moves to a story file:
// the one code path the CLI and the slash-command bot share.
package transition

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/story"
)

// Request is one move.
type Request struct {
	Event lifecycle.Event
	Actor lifecycle.Role
	Note  string
	// At is the time recorded in the log and updated_at (UTC).
	At time.Time
	// Validate, when set, judges the story the move would write in place of
	// the file rules at their default severities: the CLI runs every rule
	// the repository's configuration turns on, set rules included, with the
	// new content among the other stories. It returns the findings on the
	// story; those at error severity refuse the move.
	Validate func(out []byte) ([]diag.Diagnostic, error)
}

// Refusal is a move storygate will not make; Message says why and what is allowed.
type Refusal struct {
	Message string
	// Findings are the validation errors of the story the move would write.
	Findings []diag.Diagnostic
}

// Error returns why the move was refused.
func (r *Refusal) Error() string { return r.Message }

func refuse(format string, args ...any) error {
	return &Refusal{Message: fmt.Sprintf(format, args...)}
}

// Apply checks the move against the transition table, the actor and the
// human gates, and returns the story's new content. The result must
// validate: a move that would leave errors is refused with them.
func Apply(s *story.Story, req Request) ([]byte, error) {
	t, err := check(s, req)
	if err != nil {
		return nil, err
	}
	out, err := write(s, t, req)
	if err != nil {
		// The editor refuses layouts it cannot change safely (a tagged or
		// anchored value, a log hidden in a comment): the story's, not ours.
		return nil, &Refusal{Message: fmt.Sprintf("%v; edit %s by hand or run storygate validate %s", err, s.Path, s.Path)}
	}
	return out, validateResult(s.Path, out, req.Validate)
}

// check returns the table row for the move, or a refusal naming what is legal.
func check(s *story.Story, req Request) (lifecycle.Transition, error) {
	if err := legalState(s); err != nil {
		return lifecycle.Transition{}, err
	}
	from := s.Front.CurrentState()
	t, ok := lifecycle.Lookup(from, req.Event)
	if !ok {
		return t, refuse("%s is not a legal event from %s; legal from %s: %s", req.Event, from, from, legalMoves(from))
	}
	if req.Actor != t.Actor {
		return t, refuse("%s from %s must be performed by %s, not %s", req.Event, from, t.Actor, req.Actor)
	}
	if t.Event == submitPlan && !hasPlan(s) {
		return t, refuse("%s hands the plan to the human at plan_review, but \"## %s\" holds no \"### Plan v{N}\" entry; the planner writes the plan first (§8 Planner entry)", t.Event, lifecycle.SectionPlanner)
	}
	if t.Actor == lifecycle.Human && !hasUnusedDecision(s, t) && s.Advised(t.Event, t.From) {
		return t, refuse("%s passes the human gate %s, but the only Human Decision entry recording it is marked **Binding:** false, which advises and does not pass a gate", t.Event, from)
	}
	if t.Actor == lifecycle.Human && !hasUnusedDecision(s, t) {
		return t, refuse("%s passes the human gate %s, but no unused Human Decision entry records it; a human must first add \"### Decision N\" with **At state:** %s and **Decision:** %s", t.Event, from, from, t.Event)
	}
	return t, nil
}

// submitPlan is the planner's move that asks a human to review its plan.
const submitPlan lifecycle.Event = "submit_plan"

// hasPlan reports whether the Planner Output holds a Plan entry (a heading
// "### Plan v{N}"; entry/format judges its fields): a plan review with
// nothing to review is no review.
func hasPlan(s *story.Story) bool {
	for _, e := range s.MustEntries(lifecycle.SectionPlanner) {
		if e.OK {
			return true
		}
	}
	return false
}

// legalState refuses a story with no readable state, or whose state is not
// one of the eleven legal states (`Seeded`, "seeded "): no move is defined
// from it.
func legalState(s *story.Story) error {
	if s.Front == nil || !s.Front.State.Set {
		return refuse("%s has no readable state; run storygate validate %s", s.Path, s.Path)
	}
	if state := s.Front.CurrentState(); !lifecycle.IsState(state) {
		return refuse("state %q is not a legal state (%s); run storygate validate %s", state, strings.Join(lifecycle.Names(lifecycle.States()), ", "), s.Path)
	}
	return nil
}

// legalMoves renders the events from a legal state with their actors.
func legalMoves(state lifecycle.State) string {
	var parts []string
	for _, t := range lifecycle.From(state) {
		parts = append(parts, fmt.Sprintf("%s (by %s → %s)", t.Event, t.Actor, t.To))
	}
	switch {
	case len(parts) > 0:
		return strings.Join(parts, ", ")
	case state == lifecycle.Done:
		return "none (done is the final state)"
	}
	return "none"
}

// hasUnusedDecision reports whether more decisions record this move than log
// rows already consumed.
func hasUnusedDecision(s *story.Story, t lifecycle.Transition) bool {
	decisions := 0
	for _, d := range s.Decisions() {
		if d.Binds() && d.Records(t.Event, t.From) {
			decisions++
		}
	}
	rows, _ := s.Log()
	for _, r := range rows {
		if r.EventName() == t.Event && r.FromState() == t.From {
			decisions--
		}
	}
	return decisions > 0
}

// write appends the log row and updates the runtime fields in place.
func write(s *story.Story, t lifecycle.Transition, req Request) ([]byte, error) {
	at := req.At.UTC().Format(time.RFC3339)
	ed := s.Edit()
	steps := []func() error{
		func() error {
			return ed.AppendLogRow([]string{at, string(t.Actor), string(t.Event), string(t.From), string(t.To), req.Note})
		},
		func() error { return ed.SetScalar("state", string(t.To)) },
		func() error { return ed.SetScalar("active_role", string(lifecycle.ActiveRoleFor(t.To))) },
		func() error { return ed.SetScalar("updated_at", at) },
	}
	if t.To == lifecycle.Generating {
		next := strconv.Itoa(s.Front.Iteration.Value + 1)
		steps = append(steps, func() error { return ed.SetScalar("iteration", next) })
	}
	if s.Front.Has("pending_gate") {
		gate := "null"
		if lifecycle.IsGate(t.To) {
			gate = string(t.To)
		}
		steps = append(steps, func() error { return ed.SetScalar("pending_gate", gate) })
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, fmt.Errorf("apply %s to %s: %w", t.Event, s.Path, err)
		}
	}
	return ed.Result()
}

// validateResult judges the new content with validate, or with the file
// rules when there is none.
func validateResult(path string, out []byte, validate func([]byte) ([]diag.Diagnostic, error)) error {
	var ds []diag.Diagnostic
	if validate == nil {
		rules.RunFile(rules.All(), rules.Unit{Head: story.Parse(path, out)}, false, &ds)
	} else {
		var err error
		if ds, err = validate(out); err != nil {
			return fmt.Errorf("validate the result of the move: %w", err)
		}
	}
	var errs []diag.Diagnostic
	for _, d := range ds {
		if d.Severity == diag.SeverityError {
			errs = append(errs, d)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	diag.Sort(errs)
	return &Refusal{Message: fmt.Sprintf("the move would leave %s with %d error(s); nothing was written", path, len(errs)), Findings: errs}
}
