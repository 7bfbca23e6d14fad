package lifecycle

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDocsTableIsTheCode reads the table of accepted active_role values in
// docs/stories.md and compares it with AcceptedRoles, state by state.
func TestDocsTableIsTheCode(t *testing.T) {
	doc, err := os.ReadFile("../../docs/stories.md")
	if err != nil {
		t.Fatal(err)
	}
	got := docsTable(t, string(doc))
	want := map[State][]Role{}
	for _, s := range States() {
		want[s] = AcceptedRoles(s)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("docs/stories.md \"Who active_role may name\" differs from AcceptedRoles (-code +docs):\n%s", diff)
	}
}

// docsTable parses the rows "| `state` | `role`, `role` | readings |" under
// the heading "### Who active_role may name", up to the next heading.
func docsTable(t *testing.T, doc string) map[State][]Role {
	t.Helper()
	_, section, ok := strings.Cut(doc, "\n### Who active_role may name\n")
	if !ok {
		t.Fatal(`docs/stories.md has no heading "### Who active_role may name"`)
	}
	section, _, _ = strings.Cut(section, "\n#")
	out := map[State][]Role{}
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 5 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		var roles []Role
		for _, r := range strings.Split(cells[2], ",") {
			roles = append(roles, Role(strings.Trim(strings.TrimSpace(r), "`")))
		}
		out[State(strings.Trim(strings.TrimSpace(cells[1]), "`"))] = roles
	}
	return out
}

// TestAcceptedRoles pins the readings the spec settles: the turn and every
// actor entering a state are always accepted; at a working state none and
// the other agents are refused.
func TestAcceptedRoles(t *testing.T) {
	for _, s := range States() {
		if !IsAcceptedRole(s, ActiveRoleFor(s)) {
			t.Errorf("%s: the turn %s is refused", s, ActiveRoleFor(s))
		}
		for _, tr := range into(s) {
			if !IsAcceptedRole(s, tr.Actor) {
				t.Errorf("%s: the last actor %s (%s) is refused", s, tr.Actor, tr.Event)
			}
		}
	}
	cases := []struct {
		state State
		role  Role
		want  bool
	}{
		{Ready, None, true},
		{Ready, Planner, true},
		{Ready, Generator, true},
		{Ready, Evaluator, false},
		{Seeded, None, true},
		{Done, Human, true},
		{Done, Evaluator, false},
		{Planning, None, false},
		{Generating, Evaluator, false},
		{Generating, None, false},
		{Evaluating, Planner, false},
		{PlanReview, Generator, false},
		{State("Ready"), None, false},
	}
	for _, c := range cases {
		if got := IsAcceptedRole(c.state, c.role); got != c.want {
			t.Errorf("IsAcceptedRole(%s, %s) = %v, want %v", c.state, c.role, got, c.want)
		}
	}
	if got := AcceptedRoles(Done); !slices.Equal(got, []Role{Human, None}) {
		t.Errorf("AcceptedRoles(done) = %v", got)
	}
}
