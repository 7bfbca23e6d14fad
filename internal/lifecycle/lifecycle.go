// Package lifecycle is the enso.story/v1 state machine: the eleven states,
// the six roles, the transition table of §5, the human gates and which role
// owns which section (§4).
package lifecycle

import "sort"

// The legal states, in lifecycle order.
const (
	Seeded           = "seeded"
	Planning         = "planning"
	PlanReview       = "plan_review"
	Ready            = "ready"
	Generating       = "generating"
	Evaluating       = "evaluating"
	EvaluationReview = "evaluation_review"
	Escalated        = "escalated"
	Accepted         = "accepted"
	Done             = "done"
	Blocked          = "blocked"
)

// The legal roles.
const (
	Planner      = "planner"
	Generator    = "generator"
	Evaluator    = "evaluator"
	Human        = "human"
	Orchestrator = "orchestrator"
	None         = "none"
)

// States lists the eleven legal states in lifecycle order.
var States = []string{Seeded, Planning, PlanReview, Ready, Generating, Evaluating, EvaluationReview, Escalated, Accepted, Done, Blocked}

// Roles lists the six legal roles.
var Roles = []string{Planner, Generator, Evaluator, Human, Orchestrator, None}

// GateStates are the states at which only a human decision moves the story.
var GateStates = []string{PlanReview, EvaluationReview, Escalated, Accepted, Blocked}

// Transition is one row of the §5 table.
type Transition struct {
	From, Event, To, Actor string
}

// Table is the transition table of §5, in the spec's order.
var Table = []Transition{
	{Seeded, "begin_planning", Planning, Orchestrator},
	{Planning, "submit_plan", PlanReview, Planner},
	{PlanReview, "approve_plan", Ready, Human},
	{PlanReview, "reject_plan", Planning, Human},
	{PlanReview, "block", Blocked, Human},
	{Ready, "start_generation", Generating, Orchestrator},
	{Generating, "submit_generation", Evaluating, Generator},
	{Evaluating, "submit_evaluation", EvaluationReview, Evaluator},
	{EvaluationReview, "accept_result", Accepted, Human},
	{EvaluationReview, "request_revision", Generating, Human},
	{EvaluationReview, "escalate", Escalated, Human},
	{EvaluationReview, "block", Blocked, Human},
	{Escalated, "ruling_to_planning", Planning, Human},
	{Escalated, "ruling_to_ready", Ready, Human},
	{Escalated, "ruling_to_generating", Generating, Human},
	{Escalated, "block", Blocked, Human},
	{Accepted, "mark_done", Done, Human},
	{Accepted, "reopen_for_revision", Generating, Human},
	{Blocked, "unblock_to_planning", Planning, Human},
	{Blocked, "unblock_to_ready", Ready, Human},
	{Blocked, "unblock_to_generating", Generating, Human},
	{Blocked, "unblock_to_done", Done, Human},
}

// ReopenEvents are the human decisions that reopen a frozen contract.
var ReopenEvents = []string{"reopen_for_revision", "ruling_to_planning", "unblock_to_planning"}

// IsState reports whether s is a legal state.
func IsState(s string) bool { return contains(States, s) }

// IsRole reports whether r is a legal role.
func IsRole(r string) bool { return contains(Roles, r) }

// IsGate reports whether s is a human gate state.
func IsGate(s string) bool { return contains(GateStates, s) }

// IsReopen reports whether event reopens a frozen contract.
func IsReopen(event string) bool { return contains(ReopenEvents, event) }

// Lookup returns the transition for event from state from.
func Lookup(from, event string) (Transition, bool) {
	t, ok := byFromEvent[[2]string{from, event}]
	return t, ok
}

// ActorOf returns the actor the table names for event (every event has one).
func ActorOf(event string) (string, bool) {
	a, ok := actorOf[event]
	return a, ok
}

// The table indexed both ways: rules look every log row up.
var byFromEvent, actorOf = index(Table)

func index(table []Transition) (map[[2]string]Transition, map[string]string) {
	byFE, actors := map[[2]string]Transition{}, map[string]string{}
	for _, t := range table {
		byFE[[2]string{t.From, t.Event}] = t
		actors[t.Event] = t.Actor
	}
	return byFE, actors
}

// IsEvent reports whether event appears in the table.
func IsEvent(event string) bool {
	_, ok := ActorOf(event)
	return ok
}

// From returns the transitions that leave state s, in table order.
func From(s string) []Transition {
	var out []Transition
	for _, t := range Table {
		if t.From == s {
			out = append(out, t)
		}
	}
	return out
}

// EventsFrom returns the names of the events legal from state s.
func EventsFrom(s string) []string {
	var out []string
	for _, t := range From(s) {
		out = append(out, t.Event)
	}
	return out
}

// humanEvents is computed once: rules ask for it for every decision entry.
var humanEvents = collectHumanEvents()

// HumanEvents returns every event whose actor is human, sorted. The slice is
// shared: callers must not modify it.
func HumanEvents() []string { return humanEvents }

func collectHumanEvents() []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range Table {
		if t.Actor == Human && !seen[t.Event] {
			seen[t.Event] = true
			out = append(out, t.Event)
		}
	}
	sort.Strings(out)
	return out
}

// Rank orders states along the happy path; blocked and escalated sit beside
// the loop and rank with the state they usually interrupt.
func Rank(s string) int {
	for i, st := range States {
		if st == s {
			return i
		}
	}
	return -1
}

// AtOrAfter reports whether state s is at or after state ref on the main
// path (seeded → … → done). Blocked is not ordered and returns false.
func AtOrAfter(s, ref string) bool {
	if s == Blocked || !IsState(s) {
		return false
	}
	return Rank(s) >= Rank(ref)
}

// ActiveRoleFor is the role whose turn it is at state s: the role that must
// act next, which is what the `transition` command writes to active_role.
func ActiveRoleFor(s string) string {
	switch s {
	case Seeded, Planning:
		return Planner
	case Ready, Generating:
		return Generator
	case Evaluating:
		return Evaluator
	case Done:
		return None
	}
	return Human
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
