package transition

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/story"
)

func template(t *testing.T) []byte {
	t.Helper()
	src, err := os.ReadFile("testdata/template.md")
	if err != nil {
		t.Fatal(err)
	}
	return src
}

var clock = time.Date(2026, 5, 27, 1, 0, 0, 0, time.UTC)

// step applies one move and fails the test on refusal.
func step(t *testing.T, src []byte, event lifecycle.Event, actor lifecycle.Role) []byte {
	t.Helper()
	clock = clock.Add(time.Hour)
	out, err := Apply(story.Parse("STORY-001.md", src), Request{Event: event, Actor: actor, At: clock})
	if err != nil {
		t.Fatalf("%s by %s refused: %v", event, actor, err)
	}
	return out
}

func decide(t *testing.T, src []byte, n int, at, decision string) []byte {
	t.Helper()
	ed := story.Parse("STORY-001.md", src).Edit()
	entry := "### Decision " + string(rune('0'+n)) + "\n**Date:** 2026-05-28 10:00\n**At state:** " + at + "\n**Decision:** " + decision + "\n**Rationale:** ok\n**Binding:** true"
	if err := ed.AppendEntry("Human Decisions", entry); err != nil {
		t.Fatal(err)
	}
	return ed.Bytes()
}

// plan appends a Plan entry, the planner's output that submit_plan hands
// to the human.
func plan(t *testing.T, src []byte) []byte {
	t.Helper()
	ed := story.Parse("STORY-001.md", src).Edit()
	entry := "### Plan v1\n**Date:** 2026-05-27 01:30\n\n#### Summary\nDo the example.\n\n#### Steps\n1. Change path/to/file."
	if err := ed.AppendEntry("Planner Output", entry); err != nil {
		t.Fatal(err)
	}
	return ed.Bytes()
}

// evaluate appends an ACCEPTED evaluation with a passing result for V1, the
// evaluator's output that a human's accept_result must rest on.
func evaluate(t *testing.T, src []byte) []byte {
	t.Helper()
	ed := story.Parse("STORY-001.md", src).Edit()
	entry := "### Evaluation 1\n**Date:** 2026-05-28 09:00\n**Status:** ACCEPTED\n\n#### Tool Findings\n" +
		"| Verification ID | Command | Result | Output Ref |\n|---|---|---|---|\n| V1 | `npm test` | PASS | runs/1/v1.log |"
	if err := ed.AppendEntry("Evaluator Results", entry); err != nil {
		t.Fatal(err)
	}
	return ed.Bytes()
}

// TestFullLifecycleValidates walks a story from seeded to done and checks
// every file written validates with no errors.
func TestFullLifecycleValidates(t *testing.T) {
	src := template(t)
	src = step(t, src, "begin_planning", "orchestrator")
	src = step(t, plan(t, src), "submit_plan", "planner")
	src = decide(t, src, 1, "plan_review", "approve_plan")
	src = step(t, src, "approve_plan", "human")
	src = step(t, src, "start_generation", "orchestrator")
	src = step(t, src, "submit_generation", "generator")
	src = evaluate(t, src)
	src = step(t, src, "submit_evaluation", "evaluator")
	src = decide(t, src, 2, "evaluation_review", "accept_result")
	src = step(t, src, "accept_result", "human")
	src = decide(t, src, 3, "accepted", "mark_done")
	src = step(t, src, "mark_done", "human")
	s := story.Parse("STORY-001.md", src)
	if s.Front.State.Value != "done" || s.Front.ActiveRole.Value != "none" || s.Front.Iteration.Value != 1 {
		t.Errorf("final state %s role %s iteration %d", s.Front.State.Value, s.Front.ActiveRole.Value, s.Front.Iteration.Value)
	}
	var ds []diag.Diagnostic
	rules.RunFile(rules.All(), rules.Unit{Head: s}, false, &ds)
	for _, d := range ds {
		if d.Severity == diag.SeverityError {
			t.Errorf("final story has error: %s", d)
		}
	}
	if rows, _ := s.Log(); len(rows) != 8 {
		t.Errorf("log has %d rows, want 8", len(rows))
	}
}

func TestRefusals(t *testing.T) {
	seeded := template(t)
	planning := step(t, seeded, "begin_planning", "orchestrator")
	review := step(t, plan(t, planning), "submit_plan", "planner")
	notes := []byte(strings.Replace(string(planning), "## Planner Output\n", "## Planner Output\n\n### Notes\nA plan will follow.\n", 1))
	cases := []struct {
		name  string
		event lifecycle.Event
		actor lifecycle.Role
		src   []byte
		want  string
	}{
		{"illegal event names legal ones", "approve_plan", "human", seeded, "legal from seeded: begin_planning (by orchestrator → planning)"},
		{"unknown event", "launch", "orchestrator", seeded, "launch is not a legal event from seeded"},
		{"wrong actor", "submit_plan", "generator", planning, "must be performed by planner, not generator"},
		{"plan review without a plan", "submit_plan", "planner", planning, `"## Planner Output" holds no "### Plan v{N}" entry`},
		{"plan review of a heading that is no plan", "submit_plan", "planner", notes, `"## Planner Output" holds no "### Plan v{N}" entry`},
		{"gate without decision", "approve_plan", "human", review, "no unused Human Decision entry records it"},
		{"agent cannot pass gate", "approve_plan", "planner", review, "must be performed by human, not planner"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Apply(story.Parse("STORY-001.md", c.src), Request{Event: c.event, Actor: c.actor, At: clock})
			var r *Refusal
			if !errors.As(err, &r) || !strings.Contains(r.Message, c.want) {
				t.Errorf("got %v, want refusal containing %q", err, c.want)
			}
		})
	}
}

func TestDecisionIsConsumedOnce(t *testing.T) {
	src := step(t, plan(t, step(t, template(t), "begin_planning", "orchestrator")), "submit_plan", "planner")
	src = decide(t, src, 1, "plan_review", "reject_plan")
	src = step(t, src, "reject_plan", "human")
	src = step(t, src, "submit_plan", "planner")
	if _, err := Apply(story.Parse("STORY-001.md", src), Request{Event: "reject_plan", Actor: "human", At: clock}); err == nil {
		t.Fatal("a decision already used by a log row passed the gate a second time")
	}
}

func TestRefusesToWriteInvalidStory(t *testing.T) {
	src := []byte(strings.Replace(string(template(t)), "max_iterations: 3", "max_iterations: 0", 1))
	_, err := Apply(story.Parse("STORY-001.md", src), Request{Event: "begin_planning", Actor: "orchestrator", At: clock})
	var r *Refusal
	if !errors.As(err, &r) || len(r.Findings) == 0 || r.Findings[0].Rule != "state/max-iterations" {
		t.Fatalf("got %v, want a refusal carrying the state/max-iterations finding", err)
	}
}

// TestPendingGateFollowsTheState keeps an optional pending_gate in step
// with the state when the story carries the field.
func TestPendingGateFollowsTheState(t *testing.T) {
	src := []byte(strings.Replace(string(template(t)), "priority: high", "priority: high\npending_gate: null", 1))
	src = step(t, plan(t, step(t, src, "begin_planning", "orchestrator")), "submit_plan", "planner")
	if s := story.Parse("STORY-001.md", src); s.Front.PendingGate.Value != "plan_review" {
		t.Fatalf("pending_gate at plan_review = %q", s.Front.PendingGate.Value)
	}
	src = decide(t, src, 1, "plan_review", "approve_plan")
	src = step(t, src, "approve_plan", "human")
	if s := story.Parse("STORY-001.md", src); !s.Front.PendingGate.Null {
		t.Fatalf("pending_gate after the gate = %+v", s.Front.PendingGate)
	}
}
