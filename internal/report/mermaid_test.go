package report

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
)

func TestMermaidOnlyDrawsLegalNames(t *testing.T) {
	s := gate.Story{State: "generating", Transitions: []gate.Transition{
		{From: "ready", To: "generating", Event: "start_generation"},
		{From: "ready", To: "generating\n    click x call alert()", Event: "start_generation"},
		{From: "generating", To: "evaluating", Event: "submit_generation", Actor: "generator\"]"},
		{From: "evaluating", To: "evaluation_review", Event: "submit_evaluation"},
		{From: "evaluation_review", To: "generating", Event: "request_revision"},
		{From: "generating", To: "evaluating", Event: "submit_generation"},
	}}
	got := Mermaid(s)
	// The actor that is no role is left out and its move drawn in red.
	want := "flowchart TB\n    start((start)) --> ready\n    ready -->|\"start_generation\"| generating\n" +
		"    generating -->|\"⚠ submit_generation: by an actor that is no role, not the generator\"| evaluating\n" +
		"    evaluating -->|\"submit_evaluation\"| evaluation_review\n" +
		"    evaluation_review -->|\"request_revision\"| generating\n    generating -->|\"submit_generation\"| evaluating\n" +
		"    linkStyle 2 " + badMoveStyle + "\n" +
		"    classDef current fill:#fde68a,stroke:#b45309,stroke-width:2px\n    class generating current\n"
	if got != want {
		t.Errorf("Mermaid =\n%s\nwant\n%s", got, want)
	}
	if Mermaid(gate.Story{State: "nonsense"}) != "" {
		t.Error("nothing to draw must give no diagram")
	}
}

// TestMermaidShowsBadMovesInRed checks that illegal and unauthorized moves
// are drawn, marked and coloured, including one folded into the earlier part.
func TestMermaidShowsBadMovesInRed(t *testing.T) {
	tests := []struct {
		name string
		log  []gate.Transition
		want []string
	}{
		{"illegal", []gate.Transition{{From: "generating", To: "done", Event: "mark_done"}},
			[]string{`generating -->|"⚠ mark_done: illegal move"| done`, "linkStyle 1 " + badMoveStyle}},
		{"wrong target", []gate.Transition{{From: "plan_review", To: "done", Event: "approve_plan", Actor: "human"}},
			[]string{`plan_review -->|"⚠ approve_plan: illegal move"| done`, "linkStyle 1 "}},
		{"unauthorized", []gate.Transition{{From: "plan_review", To: "ready", Event: "approve_plan", Actor: "planner"}},
			[]string{`plan_review -->|"⚠ approve_plan: by planner, not the human"| ready`, "linkStyle 1 "}},
		{"unknown actor", []gate.Transition{{From: "plan_review", To: "ready", Event: "approve_plan", UnknownActor: true}},
			[]string{`plan_review -->|"⚠ approve_plan: by an actor that is no role, not the human"| ready`, "linkStyle 1 "}},
		{"legal", []gate.Transition{{From: "plan_review", To: "ready", Event: "approve_plan", Actor: "human"}},
			[]string{`plan_review -->|"approve_plan"| ready`}},
		{"folded illegal", append([]gate.Transition{{From: "seeded", To: "done", Event: "mark_done"}}, loop(20)...),
			[]string{`earlier(["9 earlier moves"]) -.-> evaluation_review`, `seeded -->|"⚠ mark_done: illegal move"| done`, "linkStyle 1 "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Mermaid(gate.Story{State: "ready", Transitions: tt.log})
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("diagram lacks %q:\n%s", w, got)
				}
			}
			if tt.name == "legal" && strings.Contains(got, "linkStyle") {
				t.Errorf("a legal move drawn in red:\n%s", got)
			}
		})
	}
}

// TestMermaidFoldsLongPaths keeps the diagram to the recent moves and lists
// the earlier ones, so a long log stays readable.
func TestMermaidFoldsLongPaths(t *testing.T) {
	s := gate.Story{State: "generating", Transitions: loop(40)}
	got := Mermaid(s)
	if !strings.Contains(got, `earlier(["28 earlier moves"])`) || strings.Count(got, "-->|") > 3 {
		t.Errorf("long path not folded:\n%s", got)
	}
	list := earlierMoves(s)
	if !strings.Contains(list, "<summary>28 earlier moves</summary>") || !strings.Contains(list, "1. `generating` → `evaluating`") {
		t.Errorf("earlier moves:\n%s", list)
	}
	if earlierMoves(gate.Story{Transitions: loop(recentMoves)}) != "" {
		t.Error("a short path needs no list")
	}
	long := earlierMoves(gate.Story{Transitions: loop(200)})
	if !strings.Contains(long, "… and 138 more in the story's Transition Log.") {
		t.Errorf("the list is not bounded:\n%s", long)
	}
}

// loop is n moves around the generate–evaluate–review loop.
func loop(n int) []gate.Transition {
	cycle := []gate.Transition{
		{From: "generating", To: "evaluating", Event: "submit_generation", Actor: "generator"},
		{From: "evaluating", To: "evaluation_review", Event: "submit_evaluation", Actor: "evaluator"},
		{From: "evaluation_review", To: "generating", Event: "request_revision", Actor: "human"},
	}
	out := make([]gate.Transition, n)
	for i := range out {
		out[i] = cycle[i%3]
	}
	return out
}

func TestUndrawnMovesAreSaid(t *testing.T) {
	if got := undrawnNote(gate.Story{UndrawnMoves: 1}); !strings.Contains(got, "1 Transition Log row names no legal state or event and is not drawn") {
		t.Errorf("note: %q", got)
	}
	if got := undrawnNote(gate.Story{UndrawnMoves: 3}); !strings.Contains(got, "3 Transition Log rows name no legal state or event and are not drawn") {
		t.Errorf("note: %q", got)
	}
	if undrawnNote(gate.Story{}) != "" {
		t.Error("nothing undrawn, nothing to say")
	}
}
