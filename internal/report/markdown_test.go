package report

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
)

var update = flag.Bool("update", false, "rewrite golden files")

func sampleResults() *gate.Results {
	story1 := "stories/STORY-001.md"
	story2 := "stories/STORY-002.md"
	res := &gate.Results{Storygate: "v1.2.3",
		Event: gate.Event{Name: "pull_request", Repository: "octo/demo", PullRequest: 7, HeadSHA: strings.Repeat("ab", 20),
			RunURL: "https://github.com/octo/demo/actions/runs/42"},
		Gates: []gate.Gate{
			{Name: gate.Stories, Conclusion: gate.Failure, Title: "1 error, 0 warnings in 2 stories; 1 story waiting for a human decision",
				Diagnostics: []diag.Diagnostic{
					{Rule: "hitl/pending", Severity: diag.SeverityNotice, File: story2, Line: 5, Column: 8, Message: "STORY-002 waits at human gate plan_review"},
					{Rule: "transition/illegal", Severity: diag.SeverityError, File: story1, Line: 80, Column: 3, Message: "generating → done is not a legal transition | really"},
				}},
			{Name: gate.Verify, Conclusion: gate.Failure, Title: "1 of 2 verification reruns passed; 1 recorded claim disagrees with the rerun",
				Diagnostics: []diag.Diagnostic{{Rule: "verify/evidence-mismatch", Severity: diag.SeverityError, File: story1, Line: 213, Column: 20, Message: "Evidence claims PASS, the rerun failed"}}},
			{Name: gate.RevertCheck, Conclusion: gate.ActionRequired, Title: "1 governed file edited: the suite passes without the edits; a human must decide"},
		},
		Notes: []string{"Verification ran on the runner's toolchains."},
		Stories: []gate.Story{
			{File: story1, ID: "STORY-001", Title: "Reject <b>malformed</b> orders, ask @octocat", State: "evaluating", BaseState: "generating",
				Transitions: []gate.Transition{
					{From: "seeded", To: "planning", Event: "begin_planning"}, {From: "planning", To: "plan_review", Event: "submit_plan"},
					{From: "plan_review", To: "ready", Event: "approve_plan"}, {From: "ready", To: "generating", Event: "start_generation"},
					{From: "generating", To: "evaluating", Event: "submit_generation"}, {From: "evaluating", To: "evaluation_review", Event: "submit_evaluation"},
					{From: "evaluation_review", To: "generating", Event: "request_revision"}, {From: "generating", To: "evaluating", Event: "submit_generation"},
				},
				Verification: []gate.Check{
					{ID: "V1", Command: "go test ./src/orders/...", Verdict: "pass", DurationMS: 1234, Claimed: "PASS"},
					{ID: "V2", Command: "./bench.sh | grep `p95`", Verdict: "fail", ExitCode: 1, DurationMS: 20, Claimed: "PASS"},
				},
				Revert: &gate.Revert{Verdict: "escalate", Paths: []string{"tests/orders/orders_test.go"}}},
			{File: story2, ID: "STORY-002", Title: "Show validation errors", State: "plan_review",
				Transitions: []gate.Transition{{From: "seeded", To: "planning", Event: "begin_planning"}, {From: "planning", To: "plan_review", Event: "submit_plan"}}},
		},
	}
	res.Finish()
	return res
}

func TestMarkdownGolden(t *testing.T) {
	got := Markdown(sampleResults(), MarkdownOptions{})
	path := filepath.Join("testdata", "comment.golden.md")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("comment differs from %s (run go test ./internal/report -update and review the diff):\n%s", path, got)
	}
}

func TestMarkdownEscapesStoryContent(t *testing.T) {
	got := Markdown(sampleResults(), MarkdownOptions{})
	for _, bad := range []string{"<b>", "@octocat", "transition | really"} {
		if strings.Contains(got, bad) {
			t.Errorf("unescaped %q in the comment", bad)
		}
	}
}

func TestMarkdownStaysUnderTheCommentLimit(t *testing.T) {
	res := sampleResults()
	base := res.Stories[0]
	res.Stories = nil
	for i := 0; i < 3000; i++ {
		s := base
		s.File, s.ID = fmt.Sprintf("stories/STORY-%04d.md", i), fmt.Sprintf("STORY-%04d", i)
		res.Stories = append(res.Stories, s)
	}
	got := Markdown(res, MarkdownOptions{})
	if len(got) >= MaxCommentChars-100 {
		t.Errorf("comment is %d bytes", len(got))
	}
	if !strings.Contains(got, "more stories are not shown here") || !strings.HasSuffix(got, "</sub>\n") {
		t.Error("a trimmed comment must say what it left out and keep its footer")
	}
}

func TestMermaidOnlyDrawsLegalNames(t *testing.T) {
	s := gate.Story{State: "generating", Transitions: []gate.Transition{
		{From: "ready", To: "generating", Event: "start_generation"},
		{From: "ready", To: "generating\n    click x call alert()", Event: "start_generation"},
		{From: "generating", To: "evaluating", Event: "submit_generation"},
		{From: "evaluating", To: "evaluation_review", Event: "submit_evaluation"},
		{From: "evaluation_review", To: "generating", Event: "request_revision"},
		{From: "generating", To: "evaluating", Event: "submit_generation"},
	}}
	got := Mermaid(s)
	want := "stateDiagram-v2\n    direction LR\n    [*] --> ready\n    ready --> generating: start_generation\n" +
		"    generating --> evaluating: submit_generation ×2\n    evaluating --> evaluation_review: submit_evaluation\n" +
		"    evaluation_review --> generating: request_revision\n" +
		"    classDef current fill:#fde68a,stroke:#b45309,stroke-width:2px\n    class generating current\n"
	if got != want {
		t.Errorf("Mermaid =\n%s\nwant\n%s", got, want)
	}
	if Mermaid(gate.Story{State: "nonsense"}) != "" {
		t.Error("nothing to draw must give no diagram")
	}
}
