package bot

import (
	"strconv"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// handlerDispatch has an authorized reviewer /approve-plan STORY-002: the
// command handler, running on the default branch, commits the decision
// and dispatches the gate workflow, which GitHub starts as the run
// returned (on main, at its latest push, by GITHUB_TOKEN's identity).
func handlerDispatch(t *testing.T) (*harness, githubtest.Dispatch, githubtest.WorkflowRun) {
	h := reviewerApprovesThePlan(t)
	dispatches, runs := h.fake.Dispatches(), h.fake.WorkflowRuns()
	if len(dispatches) != 1 || len(runs) != 1 {
		t.Fatalf("want one dispatch starting one run, got %+v and %+v", dispatches, runs)
	}
	return h, dispatches[0], runs[0]
}

// dispatchedPair runs the gate as the dispatched run with id (report-only,
// the dispatch's inputs) and then publishes its document under the
// workflow_run GitHub sends for run, from a trusted checkout of the
// default branch.
func dispatchedPair(t *testing.T, h *harness, d githubtest.Dispatch, id int64, run githubtest.WorkflowRun) status {
	t.Helper()
	inputs := map[string]any{}
	for k, v := range d.Inputs {
		inputs[k] = v
	}
	h.env["GITHUB_RUN_ID"] = strconv.FormatInt(id, 10)
	h.env["GITHUB_SHA"] = h.base
	h.event("workflow_dispatch", "workflow_dispatch", githubtest.WithRepo("Codertocat", "Hello-World"), func(p map[string]any) { p["inputs"] = inputs })
	if code := h.action(func(o *ActionOptions) { o.ReportOnly = "true" }); code != failed {
		t.Fatalf("the dispatched gate: got %s, want 1 (STORY-003)\n%s", code, h.stderr.String())
	}
	testrepo.GitCLI(t, h.repo.Root, "checkout", "-q", "--detach", h.base)
	h.event("workflow_run", "workflow_run.completed", func(p map[string]any) {
		wr := p["workflow_run"].(map[string]any)
		wr["id"], wr["event"], wr["head_branch"], wr["head_sha"] = id, "workflow_dispatch", run.HeadBranch, run.HeadSHA
		wr["html_url"] = "https://github.com/" + prRepo + "/actions/runs/" + strconv.FormatInt(id, 10)
	})
	return h.publish(h.results)
}

// TestPublishAcceptsADispatchOnlyFromTheCommandHandler: a dispatched
// gate run's document is published only when GitHub reports the run as
// the gate workflow dispatched on the default branch, at a commit of it,
// by the identity the command handler runs as. Before, a dispatch only
// skipped the head binding, so an agent dispatching the gate workflow on
// its own branch (its own workflow file, writing the document it likes)
// had the document published. Each attack is refused with exit 2 and
// nothing posted; the control, the run the handler started, is published.
func TestPublishAcceptsADispatchOnlyFromTheCommandHandler(t *testing.T) {
	t.Parallel()
	agent := githubtest.User{Login: "coding-agent"}
	for _, c := range []struct {
		name, why string
		edit      func(h *harness, run *githubtest.WorkflowRun)
	}{
		{"the handler's run", "", nil},
		{"the agent's own branch", `ran on "feature"`, func(h *harness, run *githubtest.WorkflowRun) {
			run.HeadBranch, run.HeadSHA, run.Actor = "feature", h.head, agent
		}},
		{"the agent's own branch, by GITHUB_TOKEN", `ran on "feature"`, func(h *harness, run *githubtest.WorkflowRun) {
			run.HeadBranch, run.HeadSHA = "feature", h.head
		}},
		{"the default branch, by the agent", "was started by @coding-agent", func(h *harness, run *githubtest.WorkflowRun) { run.Actor = agent }},
		{"another workflow", "not the gate workflow", func(h *harness, run *githubtest.WorkflowRun) { run.Path = ".github/workflows/agent.yml" }},
		{"a tag named like the default branch", "is not on the default branch", func(h *harness, run *githubtest.WorkflowRun) { run.HeadSHA = h.head }},
		{"a pull_request run the API knows", "is a pull_request run", func(h *harness, run *githubtest.WorkflowRun) { run.Event = "pull_request" }},
		{"the handler's run for another pull request", "not dispatched for pull request #2", func(h *harness, run *githubtest.WorkflowRun) {
			run.DisplayTitle = gate.DispatchRunName(prNumber+1, h.head)
		}},
		{"a run the workflow's run-name did not name", "not dispatched for pull request #2", func(h *harness, run *githubtest.WorkflowRun) { run.DisplayTitle = "" }},
	} {
		t.Run(c.name, func(t *testing.T) {
			h, d, run := handlerDispatch(t)
			if c.edit != nil {
				run.ID = 0
				c.edit(h, &run)
				run.ID = h.fake.AddWorkflowRun(run)
			}
			comments := len(h.fake.Comments(prRepo, prNumber))
			code := dispatchedPair(t, h, d, run.ID, run)
			posted := len(h.fake.CheckRuns()) + len(h.fake.Comments(prRepo, prNumber)) - comments
			if c.why == "" {
				if code != passed || len(h.fake.CheckRuns()) != 3 || h.fake.CheckRuns()[0].HeadSHA != d.Inputs[dispatchHead] {
					t.Errorf("the handler's run: got %s, check runs %+v\n%s", code, h.fake.CheckRuns(), h.stderr.String())
				}
				return
			}
			if code != usageFailure || posted != 0 || !strings.Contains(h.stderr.String(), "refusing to publish: ") || !strings.Contains(h.stderr.String(), c.why) {
				t.Errorf("got %s, %d posted: %s", code, posted, h.stderr.String())
			}
		})
	}
}
