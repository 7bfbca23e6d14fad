package chatops

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/lifecycle"
)

// TestAllowedAtNamesWhoActs: where no human decision is pending the reply
// names the role that acts, and at done says the story is done, never
// "the none acts next".
func TestAllowedAtNamesWhoActs(t *testing.T) {
	for state, want := range map[lifecycle.State]string{
		lifecycle.Done:       "nothing is pending (the story is done)",
		lifecycle.Generating: "no human decision is pending (the generator acts next)",
		lifecycle.Seeded:     "no human decision is pending (the planner acts next)",
	} {
		if got := allowedAt(state); got != want {
			t.Errorf("allowedAt(%s) = %q, want %q", state, got, want)
		}
	}
	if got := allowedAt(lifecycle.PlanReview); !strings.Contains(got, "`/approve-plan`") {
		t.Errorf("allowedAt(plan_review) = %q, want the commands", got)
	}
}
