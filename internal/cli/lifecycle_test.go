package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
)

const lifecycleStory = "stories/STORY-002.md"

// seededDemoStory is examples/demo's STORY-002 before planning, with a
// verification command the test can run.
func seededDemoStory(t *testing.T) string {
	s := demoFile(t, "STORY-002.md")
	s = s[:strings.Index(s, "### Plan v1")] + s[strings.Index(s, "## Generator Iterations"):]
	s = s[:strings.Index(s, "| 2026-06-01T08:00:00Z")]
	return strings.NewReplacer("state: plan_review", "state: seeded", "active_role: human", "active_role: planner",
		"command: npm test --prefix web", `command: "true"`, "`npm test --prefix web`", "`true`").Replace(s)
}

// The entries the agents write, inserted before the next section.
var lifecycleEntries = map[string][2]string{
	"submit_plan": {"## Generator Iterations", "### Plan v1\n**Date:** 2026-06-01 09:00\n\n#### Summary\nRender the errors beside the fields.\n\n" +
		"#### Steps\n1. Map error paths to form fields.\n\n#### Assumptions\n- The API returns field paths.\n\n#### Risks\n- None.\n\n#### Open Questions\n- None.\n\n"},
	"submit_generation": {"## Evaluator Results", "### Iteration 1\n**Date:** 2026-06-02 10:00\n\n#### Summary\nShowed the errors.\n\n" +
		"#### Files Changed\n- web/orders/form.js\n\n#### Commands Run\n- `true`\n\n#### Assumptions\n- None.\n\n#### Disputes\n- None.\n\n"},
	"submit_evaluation": {"## Human Decisions", "### Evaluation 1\n**Date:** 2026-06-02 14:00\n**Status:** ACCEPTED\n\n#### Tool Findings\n" +
		"| Verification ID | Command | Result | Output Ref |\n|---|---|---|---|\n| V1 | `true` | PASS | runs/1/v1.log |\n\n" +
		"#### Convention Findings\n| File | Line | Convention Doc | Section | Violation |\n|---|---|---|---|---|\n\n" +
		"#### Design Findings\n| Concern | Story Ref | Generator Approach | Quality Concern |\n|---|---|---|---|\n\n" +
		"#### Actionable Feedback\n- [x] None.\n\n"},
}

const lifecycleEvidence = "## Evidence\n\n### Verification Runs\n| Verification ID | Command | Result | Exit Code | Output Ref |\n" +
	"|---|---|---|---|---|\n| V1 | `true` | PASS | 0 | runs/1/v1.log |\n\n### Changed Files\n- web/orders/form.js\n\n"

// agentMove has an agent write its entry (and files) and apply event with
// storygate transition, then push the result to the PR branch.
func (h *harness) agentMove(event, actor string, files map[string]string) {
	h.t.Helper()
	path := filepath.Join(h.repo.Root, lifecycleStory)
	text := readText(h.t, path)
	if e, ok := lifecycleEntries[event]; ok {
		text = strings.Replace(text, e[0]+"\n", e[1]+e[0]+"\n", 1)
	}
	if event == "submit_evaluation" {
		text = strings.Replace(text, "## Evidence\n", lifecycleEvidence, 1)
	}
	files[lifecycleStory] = text
	h.repo.Write(files)
	if code := h.run("transition", "--event", event, "--actor", actor, "--root", h.repo.Root, path); code != ExitOK {
		h.t.Fatalf("transition %s: exit %d\n%s%s", event, code, h.stdout.String(), h.stderr.String())
	}
	h.head = h.repo.Commit(actor + ": " + event)
	for name := range files {
		content, err := os.ReadFile(filepath.Join(h.repo.Root, name))
		if err != nil {
			h.t.Fatal(err)
		}
		h.fake.SetFile(prRepo, "feature", name, content)
	}
	h.fake.Push(prRepo, "feature", h.head, commandAgent)
}

// humanMove posts command as the reviewer and checks that storygate
// recorded it and that the gate run on its commit verified every decision.
func (h *harness) humanMove(command, wantState string) {
	h.t.Helper()
	if code := h.slashCommand(commandReviewer, command); code != ExitOK {
		h.t.Fatalf("%s: exit %d\n%s", command, code, h.stderr.String())
	}
	commits := h.fake.Commits(prRepo, "feature")
	h.head = commits[len(commits)-1].SHA
	if text := readText(h.t, filepath.Join(h.repo.Root, lifecycleStory)); !strings.Contains(text, "state: "+wantState+"\n") {
		h.t.Fatalf("%s did not move the story to %s:\n%s\n%s", command, wantState, text, h.stderr.String())
	}
	h.assertDecisionsVerified(command)
}

func (h *harness) assertDecisionsVerified(when string) {
	h.t.Helper()
	stories, _ := h.document().Gate(gate.Stories)
	for _, d := range stories.Diagnostics {
		if d.File == lifecycleStory && d.Severity == diag.SeverityError {
			h.t.Errorf("after %s: %s", when, d)
		}
	}
	if strings.Contains(stories.Detail, "unverified") || strings.Contains(stories.Detail, "stale") {
		h.t.Errorf("after %s the decisions are not all verified:\n%s", when, stories.Detail)
	}
}

// TestDemoStoryLifecycleFromSeededToDone drives examples/demo's STORY-002
// from seeded to done with the real commands: storygate transition for the
// agents' moves, slash commands through storygate action for the human
// gates (each recorded, receipted and re-gated), and a final pull request
// gate that verifies all three decisions on the last head.
func TestDemoStoryLifecycleFromSeededToDone(t *testing.T) {
	if testing.Short() {
		t.Skip("runs storygate action seven times")
	}
	h := newHarness(t)
	h.repo.Remove("stories/STORY-003.md")
	h.repo.Write(map[string]string{lifecycleStory: seededDemoStory(t)})
	h.head = h.repo.Commit("seed STORY-002")
	h = commandHarnessAt(t, h)
	h.fake.SetPermission(prRepo, commandReviewer.Login, "write")

	h.agentMove("begin_planning", "orchestrator", map[string]string{})
	h.agentMove("submit_plan", "planner", map[string]string{})
	h.humanMove("/approve-plan STORY-002 the plan is small", "ready")
	h.agentMove("start_generation", "orchestrator", map[string]string{})
	h.agentMove("submit_generation", "generator", map[string]string{"web/orders/form.js": "export const showErrors = () => {};\n"})
	h.agentMove("submit_evaluation", "evaluator", map[string]string{})
	h.humanMove("/accept-result", "accepted")
	h.humanMove("/mark-done", "done")

	h.event("pull_request", "pull_request.synchronize")
	h.run("action")
	h.assertDecisionsVerified("the final pull request run")
	if stories, _ := h.document().Gate(gate.Stories); strings.Count(stories.Detail, "✅ verified") != 3 {
		t.Errorf("want three verified decisions:\n%s", stories.Detail)
	}
}
