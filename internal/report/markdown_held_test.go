package report

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
)

// reviewStory is STORY-003 at evaluation_review, generating in the change,
// with the revert check's verdict on its edits.
func reviewStory(verdict string) gate.Story {
	return gate.Story{File: "stories/STORY-003.md", ID: "STORY-003", Title: "t", State: "evaluation_review", Generating: true,
		Revert: &gate.Revert{Verdict: verdict, Paths: []string{"tests/a_test.go"}}}
}

// TestTheCommentOffersNoApprovalTheGateWouldRefuse: a story with an error,
// or whose test edits the revert check left undecided, is not offered
// /accept-result (nor any approving command); the commands that send it
// back still are. The controls are the same stories with nothing holding
// them.
func TestTheCommentOffersNoApprovalTheGateWouldRefuse(t *testing.T) {
	t.Parallel()
	anError := []diag.Diagnostic{{Rule: "verify/failed", Severity: diag.SeverityError, File: "stories/STORY-003.md", Line: 9, Column: 1, Message: "V1 failed"}}
	aWarning := []diag.Diagnostic{{Rule: "story/x", Severity: diag.SeverityWarning, File: "stories/STORY-003.md", Line: 9, Column: 1, Message: "w"}}
	notGenerating := reviewStory("escalate")
	notGenerating.Generating = false
	accepted := reviewStory("escalate")
	accepted.State = "accepted"
	tests := []struct {
		name    string
		story   gate.Story
		ds      []diag.Diagnostic
		offered bool
		why     string
	}{
		{"control: permitted edits, no error", reviewStory("permitted"), nil, true, ""},
		{"control: a warning holds nothing", reviewStory("not_needed"), aWarning, true, ""},
		{"an error", reviewStory("permitted"), anError, false, "it has 1 error"},
		{"revert escalated", reviewStory("escalate"), nil, false, "the revert check left its test edits undecided (escalate)"},
		{"revert could not run", reviewStory("could_not_run"), nil, false, "the revert check left its test edits undecided (could\\_not\\_run)"},
		{"both", reviewStory("escalate"), anError, false, "it has 1 error and the revert check left"},
		{"control: a verdict on edits that are not the story's", notGenerating, nil, true, ""},
		{"mark-done held too", accepted, anError, false, "it has 1 error"},
	}
	for _, tt := range tests {
		md := commentOf(&gate.Results{}, MarkdownOptions{}).storySection(tt.story, tt.ds)
		approval := "`/accept-result STORY-003`"
		sendBack := "`/request-revision STORY-003`"
		if tt.story.State == "accepted" {
			approval, sendBack = "`/mark-done STORY-003`", "`/reopen STORY-003`"
		}
		if got := strings.Contains(md, approval); got != tt.offered {
			t.Errorf("%s: %s offered %v, want %v:\n%s", tt.name, approval, got, tt.offered, md)
		}
		if !strings.Contains(md, sendBack) {
			t.Errorf("%s: %s not offered:\n%s", tt.name, sendBack, md)
		}
		if tt.why != "" && !strings.Contains(md, "no approval is offered while "+tt.why) {
			t.Errorf("%s: the comment does not say why (%q):\n%s", tt.name, tt.why, md)
		}
	}
}

// TestTheRevertVerdictShowsUnderTheStoriesWhoseEditsItJudges: the gate
// shows the change's one verdict on every changed story; the comment
// shows it under the generating ones alone, and once for the change when
// no story is generating.
func TestTheRevertVerdictShowsUnderTheStoriesWhoseEditsItJudges(t *testing.T) {
	t.Parallel()
	rv := &gate.Revert{Verdict: "escalate", Paths: []string{"tests/a_test.go"}}
	gen := gate.Story{File: "stories/STORY-001.md", ID: "STORY-001", State: "evaluating", Generating: true, Revert: rv}
	planOnly := gate.Story{File: "stories/STORY-002.md", ID: "STORY-002", State: "plan_review", Revert: rv}
	tests := []struct {
		name    string
		stories []gate.Story
		// under counts "**Revert check:**" lines; unclaimed is whether the
		// change-level section is there.
		under     int
		unclaimed bool
	}{
		{"one generating, one planning", []gate.Story{gen, planOnly}, 1, false},
		{"none generating", []gate.Story{planOnly}, 1, true},
		{"control: nothing to decide", []gate.Story{{File: "stories/STORY-002.md", ID: "STORY-002", State: "plan_review", Revert: &gate.Revert{Verdict: "not_needed"}}}, 0, false},
	}
	for _, tt := range tests {
		res := &gate.Results{Stories: tt.stories}
		res.Finish()
		md := Markdown(res, MarkdownOptions{})
		if got := strings.Count(md, "**Revert check:**"); got != tt.under {
			t.Errorf("%s: %d revert verdicts, want %d:\n%s", tt.name, got, tt.under, md)
		}
		if got := strings.Contains(md, "### Test edits no story claims"); got != tt.unclaimed {
			t.Errorf("%s: change-level verdict %v, want %v:\n%s", tt.name, got, tt.unclaimed, md)
		}
		if tt.unclaimed && strings.Index(md, "**Revert check:**") > strings.Index(md, "### STORY-002") {
			t.Errorf("%s: the verdict is under STORY-002, not the change:\n%s", tt.name, md)
		}
	}
}

// TestLongDiagramsAreCollapsed: a diagram drawing more than
// openDiagramEdges arrows is collapsed, its summary counting the moves
// and the ones not allowed; a short one stays open.
func TestLongDiagramsAreCollapsed(t *testing.T) {
	t.Parallel()
	short := []gate.Transition{{From: "seeded", To: "planning", Event: "begin_planning"}, {From: "planning", To: "plan_review", Event: "submit_plan"}}
	tests := []struct {
		name      string
		log       []gate.Transition
		collapsed string
	}{
		{"short", short, ""},
		{"at the bound", storyOneLog()[:openDiagramEdges], ""},
		{"one past the bound", storyOneLog()[:openDiagramEdges+1], "<details><summary>State diagram: 5 moves, ⚠ 1 not allowed</summary>"},
		{"long", storyOneLog(), "<details><summary>State diagram: 6 moves, ⚠ 3 not allowed</summary>"},
	}
	for _, tt := range tests {
		md := commentOf(&gate.Results{}, MarkdownOptions{}).storySection(gate.Story{File: "s.md", State: "planning", Transitions: tt.log}, nil)
		if !strings.Contains(md, "```mermaid\n") {
			t.Fatalf("%s: no diagram:\n%s", tt.name, md)
		}
		hasDetails := strings.Contains(md, "<details><summary>State diagram")
		if hasDetails != (tt.collapsed != "") || tt.collapsed != "" && !strings.Contains(md, tt.collapsed) {
			t.Errorf("%s: want collapsed %q:\n%s", tt.name, tt.collapsed, md)
		}
	}
}
