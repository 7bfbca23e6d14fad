package bot

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/transition"
)

const lifecycleStory = "stories/STORY-002.md"

// seededDemoStory is examples/demo's STORY-002 before planning, with a
// verification command the gate can run.
func seededDemoStory(t *testing.T) string {
	s := demoFile(t, "STORY-002.md")
	s = s[:strings.Index(s, "### Plan v1")] + s[strings.Index(s, "## Generator Iterations"):]
	s = s[:strings.Index(s, "| 2026-06-01T08:00:00Z")]
	return strings.NewReplacer("state: plan_review", "state: seeded", "active_role: human", "active_role: planner",
		"command: npm test --prefix web", `command: "true"`, "`npm test --prefix web`", "`true`").Replace(s)
}

// lifecycleEntries are the entries the agents write for an event, each
// inserted before the section it precedes.
var lifecycleEntries = map[lifecycle.Event][2]string{
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

var (
	commandAgent    = githubtest.User{Login: "coding-agent"}
	commandReviewer = githubtest.User{Login: "reviewer"}
)

// newPullRequest is the harness with STORY-002 waiting at plan_review as
// the change, opened as pull request #2 (see openPullRequest).
func newPullRequest(t *testing.T) *harness { return newPullRequestIn(t, "") }

// newPullRequestIn is newPullRequest in the package pkg (see newHarnessIn).
func newPullRequestIn(t *testing.T, pkg string) *harness {
	h := newHarnessIn(t, pkg)
	h.repo.Remove(pkg + "stories/STORY-003.md")
	h.head = h.repo.Commit("STORY-002 waits for its plan review")
	h.openPullRequest()
	return h
}

// openPullRequest opens pull request #2 from "feature" at h.head on the
// fake: its stories, GitHub's push record of the head, the reviewer's write
// access, and GitHub's own copy of the repository, where the contents API
// commits. The checkout (the commands job's, where approved content is
// read, and the gate run's) holds those commits only once a later job or
// the agent pulls them (h.pull), never during the commands job that made
// them.
func (h *harness) openPullRequest() {
	h.fake.AddPullRequest(prRepo, githubtest.PullRequest{Number: prNumber, Author: commandAgent,
		HeadSHA: h.head, HeadRef: "feature", BaseSHA: h.base, BaseRef: "main"})
	top, _ := filepath.Glob(filepath.Join(h.repo.Root, "stories", "STORY-*.md"))
	inPackages, _ := filepath.Glob(filepath.Join(h.repo.Root, "*", "stories", "STORY-*.md"))
	for _, name := range append(top, inPackages...) {
		rel, _ := filepath.Rel(h.repo.Root, name)
		h.fake.SetFile(prRepo, "feature", filepath.ToSlash(rel), []byte(readText(h.t, name)))
	}
	h.fake.Push(prRepo, "feature", h.head, commandAgent)
	h.fake.Backing(prRepo, h.repo.Root)
	h.fake.SetPermission(prRepo, commandReviewer.Login, "write")
	h.env["GITHUB_REF"] = "refs/heads/main"
}

// at is the repository path of p, a path in the run's root.
func (h *harness) at(p string) string { return h.pkg + p }

func readText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// pull brings the commits the contents API made on the PR branch into the
// checkout, as the gate job's checkout and the agent's git pull do.
func (h *harness) pull() {
	h.fake.Pull(prRepo, "feature", h.repo.Root)
}

// agentPush commits files (by their paths in h.pkg) as an agent and
// pushes them to the PR branch.
func (h *harness) agentPush(msg string, files map[string]string) {
	h.t.Helper()
	h.pull()
	inRepo := map[string]string{}
	for name, content := range files {
		inRepo[h.at(name)] = content
	}
	h.repo.Write(inRepo)
	h.head = h.repo.Commit(msg)
	for name, content := range inRepo {
		h.fake.SetFile(prRepo, "feature", name, []byte(content))
	}
	h.fake.Push(prRepo, "feature", h.head, commandAgent)
}

// agentMove has an agent write its entry (and files), apply event as the
// transition table allows actor, and push the result to the PR branch.
func (h *harness) agentMove(event lifecycle.Event, actor lifecycle.Role, files map[string]string) {
	h.t.Helper()
	h.pull()
	text := readText(h.t, filepath.Join(h.repo.Root, h.at(lifecycleStory)))
	if e, ok := lifecycleEntries[event]; ok {
		entry := strings.NewReplacer("Plan v1", "Plan v"+round(text, "### Plan v"), "Iteration 1", "Iteration "+round(text, "### Iteration "),
			"Evaluation 1", "Evaluation "+round(text, "### Evaluation ")).Replace(e[1])
		text = strings.Replace(text, e[0]+"\n", entry+e[0]+"\n", 1)
	}
	if event == "submit_evaluation" && !strings.Contains(text, lifecycleEvidence) {
		text = strings.Replace(text, "## Evidence\n", lifecycleEvidence, 1)
	}
	out, err := transition.Apply(story.Parse(lifecycleStory, []byte(text)), transition.Request{Event: event, Actor: actor, At: time.Now().UTC()})
	if err != nil {
		h.t.Fatalf("%s by %s: %v", event, actor, err)
	}
	files[lifecycleStory] = string(out)
	h.agentPush(string(actor)+": "+string(event), files)
}

// round is the number of the next entry whose headings start with prefix.
func round(text, prefix string) string {
	return strconv.Itoa(strings.Count(text, "\n"+prefix) + 1)
}

// slashCommand posts body as author and runs the action on the
// issue_comment event GitHub sends for it.
func (h *harness) slashCommand(author githubtest.User, body string) status {
	h.t.Helper()
	return h.commented(h.fake.AddComment(prRepo, prNumber, author, body), body, author)
}

// commented runs the action on the issue_comment event for comment id.
func (h *harness) commented(id int64, body string, author githubtest.User) status {
	h.t.Helper()
	h.event("issue_comment", "issue_comment.created", githubtest.OnPullRequest(prRepo, prNumber), githubtest.WithComment(id, body, author))
	return h.action()
}

// humanMove posts command as the reviewer, checks that storygate recorded
// it and started the gate on the decision's commit, then runs that gate.
func (h *harness) humanMove(command, wantState string) {
	h.t.Helper()
	d := h.recordDecision(command, wantState)
	if code := h.dispatchedGate(d); code != passed {
		h.t.Fatalf("the gate run after %s: got %s\n%s", command, code, h.stderr.String())
	}
	h.assertDecisionsVerified(command)
}

// recordDecision posts command as the reviewer and checks that storygate
// committed it, moving the story to wantState, and started the gate on
// that commit, which becomes h.head; it returns the gate's dispatch.
func (h *harness) recordDecision(command, wantState string) githubtest.Dispatch {
	h.t.Helper()
	before := len(h.fake.Dispatches())
	if code := h.slashCommand(commandReviewer, command); code != passed {
		h.t.Fatalf("%s: got %s\n%s", command, code, h.stderr.String())
	}
	commits := h.fake.Commits(prRepo, "feature")
	if len(commits) == 0 {
		h.t.Fatalf("%s recorded nothing: %+v", command, h.fake.Comments(prRepo, prNumber))
	}
	h.head = commits[len(commits)-1].SHA
	if text, _, _ := h.fake.File(prRepo, "feature", h.at(lifecycleStory)); !strings.Contains(string(text), "state: "+wantState+"\n") {
		h.t.Fatalf("%s did not move the story to %s:\n%s\n%s\n%s", command, wantState, text, h.stderr.String(), h.lastReply())
	}
	dispatches := h.fake.Dispatches()
	if len(dispatches) != before+1 || dispatches[before].Inputs[dispatchHead] != h.head {
		h.t.Fatalf("%s: want one gate run started on %s, got %+v", command, h.head, dispatches[before:])
	}
	return dispatches[before]
}

// dispatchedGate runs the workflow_dispatch the commands job started, on
// the commit it names, as the gate workflow on the default branch does.
func (h *harness) dispatchedGate(d githubtest.Dispatch) status {
	h.t.Helper()
	inputs := map[string]any{}
	for k, v := range d.Inputs {
		inputs[k] = v
	}
	h.event("workflow_dispatch", "workflow_dispatch", githubtest.WithRepo("Codertocat", "Hello-World"),
		func(p map[string]any) { p["inputs"] = inputs })
	h.env["GITHUB_SHA"] = h.base
	code := h.action()
	if ev := h.document().Event; ev.HeadSHA != d.Inputs[dispatchHead] || ev.PullRequest != prNumber {
		h.t.Errorf("the dispatched gate run gated %+v, not the dispatched commit", ev)
	}
	return code
}

// pullRequestGate runs the gate on the pull_request event for h.head and
// returns what it concluded and its decision findings.
func (h *harness) pullRequestGate() (status, []string) {
	h.t.Helper()
	h.event("pull_request", "pull_request.synchronize")
	code := h.action()
	if code == usageFailure || code == internalError {
		h.t.Fatalf("pull request run: got %s\n%s", code, h.stderr.String())
	}
	return code, h.decisionFindings()
}

// decisionFindings are the hitl findings of the last run's stories gate.
func (h *harness) decisionFindings() []string {
	h.t.Helper()
	stories, _ := h.document().Gate(gate.Stories)
	var out []string
	for _, d := range stories.Diagnostics {
		if strings.HasPrefix(d.Rule, "hitl/decision-") {
			out = append(out, d.File+": "+d.Rule+": "+d.Message)
		}
	}
	return out
}

func (h *harness) assertDecisionsVerified(when string) {
	h.t.Helper()
	stories, _ := h.document().Gate(gate.Stories)
	for _, d := range stories.Diagnostics {
		if d.File == h.at(lifecycleStory) && d.Severity == diag.SeverityError {
			h.t.Errorf("after %s: %s", when, d)
		}
	}
	if strings.Contains(stories.Detail, "unverified") || strings.Contains(stories.Detail, "stale") {
		h.t.Errorf("after %s the decisions are not all verified:\n%s", when, stories.Detail)
	}
}

// acceptedDemoStory drives examples/demo's STORY-002, as pull request #2,
// from seeded to accepted: the agents' moves and the reviewer's
// /approve-plan and /accept-result, each decision's gate run passing.
func acceptedDemoStory(t *testing.T) *harness { return acceptedDemoStoryIn(t, "") }

// acceptedDemoStoryIn is acceptedDemoStory in the package pkg.
func acceptedDemoStoryIn(t *testing.T, pkg string) *harness {
	h := newHarnessIn(t, pkg)
	h.repo.Remove(pkg + "stories/STORY-003.md")
	h.repo.Write(map[string]string{pkg + lifecycleStory: seededDemoStory(t)})
	h.head = h.repo.Commit("seed STORY-002")
	h.openPullRequest()
	h.agentMove("begin_planning", "orchestrator", map[string]string{})
	h.agentMove("submit_plan", "planner", map[string]string{})
	h.humanMove("/approve-plan STORY-002 the plan is small", "ready")
	h.agentMove("start_generation", "orchestrator", map[string]string{})
	h.agentMove("submit_generation", "generator", map[string]string{lifecycleCode: "export const showErrors = () => {};\n"})
	h.agentMove("submit_evaluation", "evaluator", map[string]string{})
	h.humanMove("/accept-result", "accepted")
	return h
}

// lifecycleCode is the file the generator writes, in STORY-002's
// scope.write.
const lifecycleCode = "web/orders/form.js"

// TestDemoStoryLifecycleFromSeededToDone drives examples/demo's STORY-002
// from seeded to done: the agents' moves as commits pushed to the pull
// request, each human gate passed by a real slash command through the
// action's issue_comment handler, and after each decision the gate run it
// dispatched, on the decision's commit, which must pass. The last pull
// request run verifies all three decisions and is green.
func TestDemoStoryLifecycleFromSeededToDone(t *testing.T) {
	if testing.Short() {
		t.Skip("runs storygate action eight times")
	}
	h := acceptedDemoStory(t)
	h.humanMove("/mark-done", "done")

	if code, findings := h.pullRequestGate(); code != passed || len(findings) != 0 {
		t.Fatalf("the last pull request run: got %s, %v\n%s", code, findings, h.stderr.String())
	}
	h.assertDecisionsVerified("the last pull request run")
	stories, _ := h.document().Gate(gate.Stories)
	if stories.Conclusion != gate.Success || strings.Count(stories.Detail, "✅ verified") != 3 {
		t.Errorf("stories gate %s, want success with three verified decisions:\n%s", stories.Conclusion, stories.Detail)
	}
	if text := readText(t, filepath.Join(h.repo.Root, h.at(lifecycleStory))); !strings.Contains(text, "state: done\n") {
		t.Errorf("the story did not end done:\n%s", text)
	}
}
