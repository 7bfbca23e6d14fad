package verify

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/story"
)

// storySrc is a story at evaluating whose evidence claims V1 and V2 pass and
// V3 fails, while its latest evaluation claims V2 fails.
const storySrc = `---
schema: enso.story/v1
id: STORY-001
title: Example
state: evaluating
active_role: evaluator
iteration: 1
max_iterations: 3
created_at: 2026-05-27T00:00:00Z
updated_at: 2026-05-27T00:00:00Z
scope:
  write: [src/]
  read: []
  exclude: []
acceptance_criteria:
  - id: AC1
    text: works
verification:
  - id: V1
    command: "true"
    pass_when: exit_code == 0
  - id: V2
    command: "exit 1"
  - id: V3
    command: "exit 1"
  - id: V4
    command: "echo hello"
    pass_when: stdout.contains('hello')
---

# STORY-001 Example

## Evaluator Results

### Evaluation 1
**Date:** 2026-05-27 10:00
**Status:** REJECTED

#### Tool Findings
| Verification ID | Command | Result | Output Ref |
|---|---|---|---|
| V2 | ` + "`exit 1`" + ` | PASS | log |

### Evaluation 2
**Date:** 2026-05-28 10:00
**Status:** ACCEPTED

#### Tool Findings
| Verification ID | Command | Result | Output Ref |
|---|---|---|---|
| V2 | ` + "`exit 1`" + ` | FAIL | log |
| V4 | ` + "`echo hello`" + ` | FAIL | log |

## Evidence

### Verification Runs
| Verification ID | Command | Result | Exit Code | Output Ref |
|---|---|---|---|---|
| V1 | true | FAIL | 1 | log |
| V1 | true | PASS | 0 | log |
| V2 | exit 1 | PASS | 0 | log |
| V3 | exit 1 | **fail** | 1 | log |
| V4 | echo hello | NOT RUN | | |
`

func parsed(t *testing.T) *story.Story {
	t.Helper()
	s := story.Parse("stories/STORY-001.md", []byte(storySrc))
	if s.Front == nil {
		t.Fatalf("fixture did not parse: %+v", s.Problems)
	}
	return s
}

func TestItemsOfAttachesLatestClaims(t *testing.T) {
	items := ItemsOf(parsed(t))
	if len(items) != 4 {
		t.Fatalf("got %d items", len(items))
	}
	want := []struct{ id, evidence, finding string }{{"V1", "PASS", ""}, {"V2", "PASS", "FAIL"}, {"V3", "FAIL", ""}, {"V4", "NOT RUN", "FAIL"}}
	for i, w := range want {
		it := items[i]
		if it.ID != w.id || claimResult(it.Evidence) != w.evidence || claimResult(it.ToolFinding) != w.finding {
			t.Errorf("item %d = %s evidence %q finding %q; want %+v", i, it.ID, claimResult(it.Evidence), claimResult(it.ToolFinding), w)
		}
	}
	if items[0].Pos.Line != 19 || items[1].Evidence.Pos.Line == 0 {
		t.Errorf("positions: item V1 at %+v, V2 evidence at %+v", items[0].Pos, items[1].Evidence.Pos)
	}
}

func claimResult(c *Claim) string {
	if c == nil {
		return ""
	}
	return c.Result
}

func TestExecuteComparesWithClaims(t *testing.T) {
	s := parsed(t)
	results := Execute(context.Background(), ItemsOf(s), Options{Dir: t.TempDir(), Jobs: 2, Env: os.Environ()})
	doc := NewDocument([]string{s.Path}, results, nil)
	// V1 passes as claimed; V2 fails though its evidence claims PASS (its
	// latest finding, FAIL, agrees); V3 fails as claimed; V4 passes though
	// the latest evaluation claims FAIL (its evidence NOT RUN claims nothing).
	got := strings.Join(rulesAt(doc.Diagnostics), " ")
	want := "verify/failed@22 verify/failed@24 verify/evidence-mismatch@52 verify/evidence-mismatch@61"
	if got != want {
		t.Errorf("diagnostics:\n%s", strings.Join(describe(doc.Diagnostics), "\n"))
	}
	if doc.Results[3].Verdict != VerdictPass || doc.Results[3].StdoutTail != "hello\n" {
		t.Errorf("V4 result = %+v", doc.Results[3])
	}
}

func rulesAt(ds []diag.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Rule+"@"+strconv.Itoa(d.Line))
	}
	return out
}

func describe(ds []diag.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.String())
	}
	return out
}

func TestExecuteTimeoutAndBadPredicate(t *testing.T) {
	items := []Item{
		{Story: "s.md", ID: "T", Command: "sleep 5", Pos: diag.Pos{Line: 3, Column: 5}, Evidence: &Claim{Result: ClaimPass, Where: "Evidence", Pos: diag.Pos{Line: 9, Column: 3}}},
		{Story: "s.md", ID: "P", Command: "true", PassWhen: "exit_code ==", Pos: diag.Pos{Line: 4, Column: 5}},
	}
	doc := NewDocument([]string{"s.md"}, Execute(context.Background(), items, Options{Dir: t.TempDir(), Jobs: 2, Timeout: 200 * time.Millisecond, Env: os.Environ()}), nil)
	got := strings.Join(rulesAt(doc.Diagnostics), " ")
	if got != "verify/timeout@3 verify/failed@4 verify/evidence-mismatch@9" {
		t.Fatalf("diagnostics:\n%s", strings.Join(describe(doc.Diagnostics), "\n"))
	}
	if doc.Results[0].Verdict != VerdictTimeout || doc.Results[1].Verdict != VerdictError {
		t.Errorf("verdicts = %s, %s", doc.Results[0].Verdict, doc.Results[1].Verdict)
	}
}

func TestExecuteRunsInParallelUpToJobs(t *testing.T) {
	var items []Item
	for i := range 4 {
		items = append(items, Item{Story: "s.md", ID: "V" + strconv.Itoa(i), Index: i, Command: "sleep 0.5"})
	}
	start := time.Now()
	Execute(context.Background(), items, Options{Dir: t.TempDir(), Jobs: 2, Env: os.Environ()})
	took := time.Since(start)
	if took < 950*time.Millisecond || took > 1900*time.Millisecond {
		t.Errorf("4 × sleep 0.5 with 2 jobs took %s, want about 1s", took)
	}
}
