package bot

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
)

// reviewedFile is STORY-004: the done demo story at evaluation_review, a
// state whose verification the gate reruns, with two commands that pass
// and no Human Decisions (a new one would need the pull request's
// receipts, which the report-only half does not read).
const reviewedFile = "stories/STORY-004.md"

// withReviewedStory adds STORY-004 to the harness's head.
func withReviewedStory(t *testing.T, h *harness) {
	t.Helper()
	story := strings.Replace(strings.ReplaceAll(doneDemoStory(t), "STORY-001", "STORY-004"), "state: done\n", "state: evaluation_review\n", 1)
	before, rest, _ := strings.Cut(story, "## Human Decisions\n")
	_, after, _ := strings.Cut(rest, "## Evidence\n")
	story = before + "## Human Decisions\n\n## Evidence\n" + after
	h.repo.Write(map[string]string{h.pkg + reviewedFile: story})
	h.head = h.repo.Commit("a story waiting at evaluation_review")
}

// editGate rewrites the document's gate n.
func editGate(t *testing.T, h *harness, n gate.Name, edit func(*gate.Gate)) {
	t.Helper()
	rewrite(t, h, func(res *gate.Results) {
		for i := range res.Gates {
			if res.Gates[i].Name == n {
				edit(&res.Gates[i])
			}
		}
	})
}

// publishedRun is the check run publish posted for gate n.
func publishedRun(t *testing.T, h *harness, n gate.Name) (conclusion, title string) {
	t.Helper()
	for _, r := range h.fake.CheckRuns() {
		if r.Name == "storygate / "+string(n) {
			return r.Conclusion, r.Title
		}
	}
	t.Fatalf("no check run for %s: %+v", n, h.fake.CheckRuns())
	return "", ""
}

// TestPublishFailsAStoryWhoseRerunTheDocumentDrops: the gate reruns the
// verification of STORY-004, changed at evaluation_review. A document
// rewritten to drop the reruns and say verify found nothing to check was
// published as neutral; publish's recompute finds the story, so verify
// fails naming it. The control publishes the honest document's reruns as
// the document says.
func TestPublishFailsAStoryWhoseRerunTheDocumentDrops(t *testing.T) {
	t.Parallel()
	for _, forged := range []bool{true, false} {
		t.Run(map[bool]string{true: "reruns dropped", false: "honest"}[forged], func(t *testing.T) {
			h := newHarness(t)
			withReviewedStory(t, h)
			reportOnlyHalf(t, h)
			honest, _ := h.document().Gate(gate.Verify)
			if honest.Conclusion != gate.Success {
				t.Fatalf("the gate's verify %s (%s), want the reruns' success\n%s", honest.Conclusion, honest.Title, h.stderr.String())
			}
			if forged {
				rewrite(t, h, func(res *gate.Results) {
					for i := range res.Stories {
						res.Stories[i].Verification = nil
					}
				})
				editGate(t, h, gate.Verify, func(g *gate.Gate) {
					g.Conclusion, g.Title, g.Diagnostics = gate.Neutral, "no verification to rerun in the changed stories", []diag.Diagnostic{}
				})
			}
			publishHalf(t, h, h.head)
			if code := h.publish(h.results); code != passed {
				t.Fatalf("publish got %s\n%s", code, h.stderr.String())
			}
			conclusion, title := publishedRun(t, h, gate.Verify)
			named := strings.Contains(title, "STORY-004 at evaluation_review") && strings.Contains(title, "no verification rerun")
			if forged && (conclusion != "failure" || !named) {
				t.Errorf("dropped reruns published as %s: %q", conclusion, title)
			}
			if !forged && (conclusion != string(honest.Conclusion) || strings.Contains(title, "failing closed")) {
				t.Errorf("the honest reruns published as %s: %q, the document says %s", conclusion, title, honest.Conclusion)
			}
		})
	}
}

// TestPublishNeverPassesAGateWithErrorFindings: a document whose verify
// (or revert-check) gate carries an error finding and still says success
// is published as a failure, named; the control, the honest document,
// keeps the gate's own conclusion.
func TestPublishNeverPassesAGateWithErrorFindings(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		gate   gate.Name
		forged bool
	}{{gate.Verify, true}, {gate.Verify, false}, {gate.RevertCheck, true}, {gate.RevertCheck, false}} {
		t.Run(string(c.gate)+map[bool]string{true: ", success with an error", false: ", honest"}[c.forged], func(t *testing.T) {
			h := newHarness(t)
			withReviewedStory(t, h)
			reportOnlyHalf(t, h)
			honest, _ := h.document().Gate(c.gate)
			if honest.Conclusion == gate.Failure || len(honest.Diagnostics) != 0 {
				t.Fatalf("the gate's %s is %s with %d findings; the test needs a clean gate", c.gate, honest.Conclusion, len(honest.Diagnostics))
			}
			if c.forged {
				editGate(t, h, c.gate, func(g *gate.Gate) {
					g.Conclusion = gate.Success
					g.Diagnostics = []diag.Diagnostic{diag.New("verify/failed", diag.SeverityError, reviewedFile, diag.Pos{Line: 34, Column: 7}, "V1 exited 1")}
				})
			}
			publishHalf(t, h, h.head)
			if code := h.publish(h.results); code != passed {
				t.Fatalf("publish got %s\n%s", code, h.stderr.String())
			}
			conclusion, title := publishedRun(t, h, c.gate)
			if c.forged && (conclusion != "failure" || !strings.Contains(title, "concludes success, but its findings (errors 1")) {
				t.Errorf("success with an error finding published as %s: %q", conclusion, title)
			}
			if !c.forged && (conclusion != string(honest.Conclusion) || strings.Contains(title, "failing closed")) {
				t.Errorf("the honest %s published as %s: %q, the document says %s", c.gate, conclusion, title, honest.Conclusion)
			}
		})
	}
}

// TestPublishRefusesRowsTheGateCannotHaveWritten: verification rows on a
// story publish does not find, rows that are not a story's items and a
// revert verdict on a story the change does not touch are refused with
// exit 2, nothing posted. The honest control is the document the tests
// above publish.
func TestPublishRefusesRowsTheGateCannotHaveWritten(t *testing.T) {
	t.Parallel()
	ghost := gate.Story{File: "stories/STORY-099.md", ID: "STORY-099", State: "done",
		Verification: []gate.Check{{ID: "V1", Command: "true", Verdict: "pass"}}}
	for _, c := range []struct {
		name, why string
		edit      func(*gate.Results)
	}{
		{"rows on a story publish does not find", "reruns of stories/STORY-099.md, where publish finds no story",
			func(res *gate.Results) { res.Stories = append(res.Stories, ghost) }},
		{"rows that are not the story's items", "rows of stories/STORY-004.md ([V1]) are not the story's items ([V1 V2])",
			func(res *gate.Results) {
				for i := range res.Stories {
					if res.Stories[i].File == reviewedFile {
						res.Stories[i].Verification = res.Stories[i].Verification[:1]
					}
				}
			}},
		{"a revert verdict on an untouched story", "revert verdict on stories/STORY-001.md, which the change does not touch",
			func(res *gate.Results) {
				res.Stories = append(res.Stories, gate.Story{File: "stories/STORY-001.md", ID: "STORY-001", State: "done", Revert: &gate.Revert{Verdict: "not_needed"}})
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			withReviewedStory(t, h)
			reportOnlyHalf(t, h)
			rewrite(t, h, c.edit)
			publishHalf(t, h, h.head)
			code := h.publish(h.results)
			if code != usageFailure || len(h.fake.CheckRuns()) != 0 || !strings.Contains(h.stderr.String(), "refusing to publish: the document") || !strings.Contains(h.stderr.String(), c.why) {
				t.Errorf("got %s, %d check runs: %s", code, len(h.fake.CheckRuns()), h.stderr.String())
			}
		})
	}
}
