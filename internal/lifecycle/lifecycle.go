// Package lifecycle is the enso.story/v1 state machine: the eleven states,
// the six roles, the transition table of §5, the human gates and which role
// owns which section (§4). States, events and roles are named string types:
// a value read from a story is converted once (story's typed accessors), and
// the tables are read through functions, never changed by callers.
package lifecycle

import (
	"slices"
	"sort"
)

// State is a story state (§3), as written in `state` and log rows.
type State string

// Event is a transition event (§5), as written in log rows and decisions.
type Event string

// Role is a role (§4), as written in `active_role` and log actors.
type Role string

// The legal states, in lifecycle order.
const (
	Seeded           State = "seeded"
	Planning         State = "planning"
	PlanReview       State = "plan_review"
	Ready            State = "ready"
	Generating       State = "generating"
	Evaluating       State = "evaluating"
	EvaluationReview State = "evaluation_review"
	Escalated        State = "escalated"
	Accepted         State = "accepted"
	Done             State = "done"
	Blocked          State = "blocked"
)

// The legal roles.
const (
	Planner      Role = "planner"
	Generator    Role = "generator"
	Evaluator    Role = "evaluator"
	Human        Role = "human"
	Orchestrator Role = "orchestrator"
	None         Role = "none"
)

// states lists the eleven legal states in lifecycle order.
var states = []State{Seeded, Planning, PlanReview, Ready, Generating, Evaluating, EvaluationReview, Escalated, Accepted, Done, Blocked}

// roles lists the six legal roles.
var roles = []Role{Planner, Generator, Evaluator, Human, Orchestrator, None}

// gateStates are the states at which only a human decision moves the story.
var gateStates = []State{PlanReview, EvaluationReview, Escalated, Accepted, Blocked}

// States returns the eleven legal states in lifecycle order.
func States() []State { return slices.Clone(states) }

// Roles returns the six legal roles.
func Roles() []Role { return slices.Clone(roles) }

// GateStates returns the human gate states.
func GateStates() []State { return slices.Clone(gateStates) }

// Transition is one row of the §5 table.
type Transition struct {
	From  State
	Event Event
	To    State
	Actor Role
}

// table is the transition table of §5, in the spec's order.
var table = []Transition{
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

// Table returns the transition table of §5, in the spec's order.
func Table() []Transition { return slices.Clone(table) }

// reopenEvents are the human decisions that reopen a frozen contract.
var reopenEvents = []Event{"reopen_for_revision", "ruling_to_planning", "unblock_to_planning"}

// ReopenEvents returns the human decisions that reopen a frozen contract.
func ReopenEvents() []Event { return slices.Clone(reopenEvents) }

// approvingEvents are the decisions that approve content, which must still
// hold at the gated head: those that take a story on toward done. The
// others (reject, revise, reopen, block, escalate, rulings and the other
// unblocks) approve nothing; they ask for more work, and the work that
// follows them is no change behind anyone's back. chatops refuses an
// approval over a stale one (hitl/decision-stale); the comment never
// offers one while the story has an error.
var approvingEvents = []Event{"approve_plan", "accept_result", "mark_done", "unblock_to_done"}

// Approves reports whether event is an approving decision (approvingEvents).
func Approves(event Event) bool { return slices.Contains(approvingEvents, event) }

// IsState reports whether s is a legal state.
func IsState(s State) bool { return slices.Contains(states, s) }

// IsRole reports whether r is a legal role.
func IsRole(r Role) bool { return slices.Contains(roles, r) }

// IsGate reports whether s is a human gate state.
func IsGate(s State) bool { return slices.Contains(gateStates, s) }

// IsReopen reports whether event reopens a frozen contract.
func IsReopen(event Event) bool { return slices.Contains(reopenEvents, event) }

// Lookup returns the transition for event from state from.
func Lookup(from State, event Event) (Transition, bool) {
	t, ok := byFromEvent[fromEvent{from, event}]
	return t, ok
}

// ActorOf returns the actor the table names for event (every event has one).
func ActorOf(event Event) (Role, bool) {
	e, ok := events[event]
	return e.actor, ok
}

// An event's entry in the index: its actor, and its name as the table
// holds it.
type eventEntry struct {
	actor Role
	name  Event
}

// InternState, InternEvent and InternRole return the table's own string
// for a legal state, event or role (the value itself otherwise): a name
// read out of a story that then keeps none of the story's text alive,
// without a copy of its own.
func InternState(s State) State {
	if i := slices.Index(states, s); i >= 0 {
		return states[i]
	}
	return s
}

// InternEvent is InternState for events.
func InternEvent(event Event) Event {
	if e, ok := events[event]; ok {
		return e.name
	}
	return event
}

// InternRole is InternState for roles.
func InternRole(r Role) Role {
	if i := slices.Index(roles, r); i >= 0 {
		return roles[i]
	}
	return r
}

type fromEvent struct {
	from  State
	event Event
}

// The table indexed both ways: rules look every log row up.
var byFromEvent, events = index(table)

func index(table []Transition) (map[fromEvent]Transition, map[Event]eventEntry) {
	byFE, events := map[fromEvent]Transition{}, map[Event]eventEntry{}
	for _, t := range table {
		byFE[fromEvent{t.From, t.Event}] = t
		events[t.Event] = eventEntry{actor: t.Actor, name: t.Event}
	}
	return byFE, events
}

// IsEvent reports whether event appears in the table.
func IsEvent(event Event) bool {
	_, ok := ActorOf(event)
	return ok
}

// From returns the transitions that leave state s, in table order.
func From(s State) []Transition {
	return where(func(t Transition) bool { return t.From == s })
}

// where returns the transitions of the table that keep holds for, in
// table order.
func where(keep func(Transition) bool) []Transition {
	var out []Transition
	for _, t := range table {
		if keep(t) {
			out = append(out, t)
		}
	}
	return out
}

// EventsFrom returns the names of the events legal from state s.
func EventsFrom(s State) []Event {
	var out []Event
	for _, t := range From(s) {
		out = append(out, t.Event)
	}
	return out
}

// humanEvents is computed once: rules ask for it for every decision entry.
var humanEvents = collectHumanEvents()

// HumanEvents returns every event whose actor is human, sorted.
func HumanEvents() []Event { return slices.Clone(humanEvents) }

// IsHumanEvent reports whether event's actor is human.
func IsHumanEvent(event Event) bool {
	a, ok := ActorOf(event)
	return ok && a == Human
}

func collectHumanEvents() []Event {
	seen := map[Event]bool{}
	var out []Event
	for _, t := range table {
		if t.Actor == Human && !seen[t.Event] {
			seen[t.Event] = true
			out = append(out, t.Event)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Rank orders states along the happy path; blocked and escalated sit beside
// the loop and rank with the state they usually interrupt.
func Rank(s State) int { return slices.Index(states, s) }

// AtOrAfter reports whether state s is at or after state ref on the main
// path (seeded → … → done). Blocked is not ordered and returns false.
func AtOrAfter(s, ref State) bool {
	if s == Blocked || !IsState(s) {
		return false
	}
	return Rank(s) >= Rank(ref)
}

// ActiveRoleFor is the role whose turn it is at state s: the role that must
// act next, which is what the `transition` command writes to active_role
// and what state/active-role-mismatch requires.
func ActiveRoleFor(s State) Role {
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

// Names renders typed lifecycle values as plain strings, for messages.
func Names[T ~string](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = string(x)
	}
	return out
}
