package transition

import (
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/story"
)

// TestALocalDecisionIsAdoptedInPlace: a human move recorded locally
// carries the local Source; Adopt rewrites only its Date, Rationale, By
// and Source, leaving every other byte (the state, the log row) as it
// was; a decision not recorded locally, or of another event, is refused.
func TestALocalDecisionIsAdoptedInPlace(t *testing.T) {
	review := step(t, plan(t, step(t, template(t), "begin_planning", "orchestrator")), "submit_plan", "planner")
	s := story.Parse("STORY-001.md", review)
	if !NeedsDecision(s, "approve_plan") || NeedsDecision(s, "start_generation") || NeedsDecision(s, "accept_result") {
		t.Fatal("NeedsDecision does not name the human move that lacks its entry")
	}
	when := time.Date(2026, 6, 1, 10, 0, 0, 0, time.UTC)
	local, err := Decide(s, Decision{Event: "approve_plan", Rationale: "small", Source: LocalSource, By: "alice", Date: when, At: when})
	if err != nil {
		t.Fatal(err)
	}
	ls := story.Parse("STORY-001.md", local)
	d, ok := LocalDecision(ls, "approve_plan")
	if !ok || ls.Front.CurrentState() != "ready" {
		t.Fatalf("no local decision: %v, state %s", ok, ls.Front.CurrentState())
	}
	if _, ok := LocalDecision(ls, "reject_plan"); ok {
		t.Error("a local approve_plan read as a reject_plan")
	}
	pr := Decision{Event: "approve_plan", Rationale: "the plan is small\nand testable", Source: "https://github.com/o/r/pull/7#issuecomment-9", By: "reviewer", Date: when.Add(time.Hour)}
	out, err := Adopt(ls, d, pr)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.NewReplacer("**Date:** 2026-06-01 10:00", "**Date:** 2026-06-01 11:00", "**Rationale:** small", "**Rationale:** the plan is small and testable",
		"**By:** alice", "**By:** reviewer", "**Source:** "+LocalSource, "**Source:** https://github.com/o/r/pull/7#issuecomment-9").Replace(string(local))
	if string(out) != want {
		t.Errorf("adopted:\n%s\nwant:\n%s", out, want)
	}
	adopted := story.Parse("STORY-001.md", out)
	if _, ok := LocalDecision(adopted, "approve_plan"); ok {
		t.Error("the adopted decision still reads as local")
	}
	if _, err := Adopt(adopted, adopted.Decisions()[0], pr); err == nil {
		t.Error("a decision that is not local was adopted")
	}
}
