package lifecycle

import "testing"

// TestTableIsClosed checks the table against the states and roles: every
// transition joins legal states with a legal actor, and every state but
// done can be left.
func TestTableIsClosed(t *testing.T) {
	for _, tr := range Table() {
		if !IsState(tr.From) || !IsState(tr.To) || !IsRole(tr.Actor) {
			t.Errorf("transition %+v uses an unknown state or role", tr)
		}
	}
	for _, s := range States() {
		if got := len(From(s)); (got == 0) != (s == Done) {
			t.Errorf("state %s has %d outgoing transitions", s, got)
		}
	}
	if len(Table()) != 22 || len(States()) != 11 || len(Roles()) != 6 {
		t.Errorf("table %d, states %d, roles %d", len(Table()), len(States()), len(Roles()))
	}
}

func TestGatesAreLeftOnlyByHumans(t *testing.T) {
	for _, g := range GateStates() {
		for _, tr := range From(g) {
			if tr.Actor != Human {
				t.Errorf("gate %s is left by %s via %s", g, tr.Actor, tr.Event)
			}
		}
	}
}

func TestLookupAndOrder(t *testing.T) {
	if tr, ok := Lookup(PlanReview, "approve_plan"); !ok || tr.To != Ready {
		t.Errorf("Lookup(plan_review, approve_plan) = %+v, %v", tr, ok)
	}
	if _, ok := Lookup(Seeded, "approve_plan"); ok {
		t.Error("approve_plan from seeded accepted")
	}
	if !AtOrAfter(Done, Generating) || AtOrAfter(Ready, Generating) || AtOrAfter(Blocked, Seeded) {
		t.Error("AtOrAfter ordering is wrong")
	}
	if ActiveRoleFor(Evaluating) != Evaluator || ActiveRoleFor(Done) != None || ActiveRoleFor(Escalated) != Human {
		t.Error("ActiveRoleFor is wrong")
	}
}

// TestTablesAreCopies: a caller changing a returned table changes nothing.
func TestTablesAreCopies(t *testing.T) {
	Table()[0].To = Done
	States()[0] = Done
	if tr, ok := Lookup(Seeded, "begin_planning"); !ok || tr.To != Planning || Table()[0].To != Planning || States()[0] != Seeded {
		t.Error("a returned table aliases the lifecycle's own")
	}
}
