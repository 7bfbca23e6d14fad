package lifecycle

import "slices"

// workers are the states whose §3 meaning names the role at work
// ("Planner is working", "Generator is implementing", "Evaluator is
// verifying"). At the other states no agent works: a human decides, the
// orchestrator moves the story on, or the story is done.
var workers = map[State]Role{Planning: Planner, Generating: Generator, Evaluating: Evaluator}

// agents are the roles that produce the story's work.
var agents = []Role{Planner, Generator, Evaluator}

// acceptedRoles is computed once from the table: state/active-role-mismatch
// asks for it for every story.
var acceptedRoles = computeAcceptedRoles()

// AcceptedRoles returns every active_role the spec allows at state s, in
// the order of Roles(); nil for a state that is not legal. The spec gives
// no role per state (§3–§5), so each reading of the field it leaves open
// is accepted (docs/stories.md lists them):
//
//   - the role whose turn it is (ActiveRoleFor, what `transition` writes);
//   - the last actor: the actor of an event that enters s;
//
// and, where §3 names no working agent (every state but planning,
// generating and evaluating):
//
//   - none: no agent is at work;
//   - the next actor: the actor of an event that leaves s;
//   - the agent a human decision into s acted on (the agent whose
//     submission entered the state the decision left): a human decision
//     need not rewrite active_role.
//
// At a working state only its worker and its last actors are accepted:
// another agent there (evaluator at generating, which §5 names as an
// invalid move) or none is refused.
func AcceptedRoles(s State) []Role { return slices.Clone(acceptedRoles[s]) }

// IsAcceptedRole reports whether role is an accepted active_role at s.
func IsAcceptedRole(s State, role Role) bool { return slices.Contains(acceptedRoles[s], role) }

func computeAcceptedRoles() map[State][]Role {
	out := map[State][]Role{}
	for _, s := range states {
		set := map[Role]bool{ActiveRoleFor(s): true}
		for _, t := range into(s) {
			set[t.Actor] = true
		}
		if _, working := workers[s]; !working {
			set[None] = true
			for _, t := range From(s) {
				set[t.Actor] = true
			}
			for _, r := range decidedOn(s) {
				set[r] = true
			}
		}
		for _, r := range roles {
			if set[r] {
				out[s] = append(out[s], r)
			}
		}
	}
	return out
}

// into returns the transitions that enter state s, in table order.
func into(s State) []Transition {
	return where(func(t Transition) bool { return t.To == s })
}

// decidedOn returns the agents whose submission a human decision into s
// acted on: the agent actors of the events that entered the state the
// decision left.
func decidedOn(s State) []Role {
	var out []Role
	for _, d := range into(s) {
		if d.Actor != Human {
			continue
		}
		for _, t := range into(d.From) {
			if slices.Contains(agents, t.Actor) {
				out = append(out, t.Actor)
			}
		}
	}
	return out
}
