package pairtest

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github/githubtest"
)

const decisionStoryPath = "stories/STORY-001.md"

// The people of the honest decision: the agent that opened the pull
// request and a reviewer with write access.
const (
	codingAgent = "coding-agent"
	reviewer    = "reviewer"
)

// plannedStory is the hitl fixture's story waiting at plan_review (the
// pull request's head) and the same story still planning (the base).
func plannedStory(t *testing.T) (planning, review string) {
	t.Helper()
	review, _ = forgedDecisionStory(t)
	plan := review[strings.Index(review, "### Plan v1"):strings.Index(review, "## Generator Iterations")]
	submitted := review[strings.Index(review, "| 2026-05-27T01:00:00Z"):]
	planning = strings.NewReplacer("state: plan_review", "state: planning", "active_role: human", "active_role: planner",
		plan, "", submitted, "").Replace(review)
	return planning, review
}

// TestPairAgreesOnARecordedDecision is the forged decision's honest twin,
// through the shipped storygate-commands.yml: the reviewer comments
// /approve-plan, the commands job records the decision on the pull
// request's branch and dispatches the gate workflow on that commit, and
// publish posts the dispatched gate's verdict, which verifies the
// decision: stories success in both halves.
func TestPairAgreesOnARecordedDecision(t *testing.T) {
	t.Parallel()
	for _, sc := range []scenario{{}, {aheadOfBase: true}} {
		t.Run(sc.name(), func(t *testing.T) {
			t.Parallel()
			recordAndPublishADecision(t, sc)
		})
	}
}

func recordAndPublishADecision(t *testing.T, sc scenario) {
	planning, review := plannedStory(t)
	p := newPair(t)
	base := p.origin.commitFiles(map[string]string{decisionStoryPath: planning}, "STORY-001 is planned")
	head := p.origin.commitFiles(map[string]string{decisionStoryPath: review}, "the planner submits its plan")
	p.openPullRequest(base, head, false)
	p.fake.SetFile(prRepo, prBranch, decisionStoryPath, []byte(review))
	p.fake.Push(prRepo, prBranch, head, githubtest.User{Login: codingAgent})
	p.fake.Push(prRepo, defaultBranch, base, githubtest.User{Login: "maintainer"}) // the tip the dispatch runs on
	p.fake.SetPermission(prRepo, reviewer, "write")
	p.fake.Backing(prRepo, p.origin.author.Root)
	commands := p.runCommands("/approve-plan STORY-001", githubtest.User{Login: reviewer})
	p.origin.pullFrom(p.fake, prBranch)
	dispatches := p.fake.Dispatches()
	// The origin refuses a fetch without the token: the commands job's
	// fetch step authenticated (through GIT_CONFIG_* variables; every
	// run: step is watched for the token on a command line).
	if n := p.served.refusals(); n != 0 {
		t.Errorf("the origin refused %d requests of the commands job", n)
	}
	if commands.conclusion != "success" || len(dispatches) != 1 {
		t.Fatalf("the commands job %s, %d dispatches\n%s", commands.conclusion, len(dispatches), commands.log)
	}
	decision := p.origin.rev(pullRef("head"))
	if decision == head || dispatches[0].Inputs["head_sha"] != decision {
		t.Fatalf("the commands job recorded %s and dispatched %+v", decision, dispatches[0])
	}
	out := p.runDispatched(dispatches[0], sc)
	assertPublishedAsJudged(t, p, out, decision)
	if stories, _ := out.document.Gate(gate.Stories); stories.Conclusion != gate.Success {
		t.Errorf("the dispatched gate did not verify the recorded decision: %s %v\n%s", stories.Conclusion, ruleIDs(stories.Diagnostics), out.gate.log)
	}
}

// runCommands runs storygate-commands.yml for a comment on the pull
// request.
func (p *pair) runCommands(body string, author githubtest.User) jobResult {
	p.t.Helper()
	wf, j := mustLoadWorkflow(p.t, shippedWorkflow("storygate-commands.yml"))
	if !wf.startsOn("issue_comment", "created") {
		p.t.Fatalf("%s does not run on issue_comment created", wf.Name)
	}
	id := p.fake.AddComment(prRepo, prNumber, author, body)
	payload := decodePayload(p.t, githubtest.LoadWebhook(p.t, "issue_comment.created", "", "", githubtest.WithRepo("Codertocat", "Hello-World"),
		githubtest.OnPullRequest(prRepo, prNumber), githubtest.WithComment(id, body, author), defaultBranchEdit))
	return p.newRunner(wf.Name, "command", runEvent{name: "issue_comment", payload: payload, runID: "7000",
		ref: "refs/heads/" + defaultBranch, sha: p.origin.tip(defaultBranch), token: p.fake.Token}).run(j)
}

// runDispatched runs the gate workflow for the commands job's dispatch,
// then publish for that run (a dispatched run: its head is the default
// branch's, and GitHub lists no pull request); sc.aheadOfBase moves the
// default branch on in between.
func (p *pair) runDispatched(d githubtest.Dispatch, sc scenario) pairOutcome {
	p.t.Helper()
	gateWF, gateJob := mustLoadWorkflow(p.t, shippedWorkflow("storygate.yml"))
	publishWF, publishJob := mustLoadWorkflow(p.t, shippedWorkflow("storygate-publish.yml"))
	if filepath.Base(d.Workflow) != "storygate.yml" || gateWF.On.WorkflowDispatch.IsZero() {
		p.t.Fatalf("the dispatch %+v does not start the gate workflow", d)
	}
	inputs := map[string]any{}
	for k, v := range d.Inputs {
		inputs[k] = v
	}
	tip := p.origin.tip(defaultBranch)
	// The run GitHub started for the dispatch: the gate runs as it, and
	// publish checks it through the API.
	runs := p.fake.WorkflowRuns()
	if len(runs) == 0 || runs[len(runs)-1].Event != "workflow_dispatch" || runs[len(runs)-1].HeadSHA != tip {
		p.t.Fatalf("the dispatch started no run on %s's tip %s: %+v", defaultBranch, tip, runs)
	}
	runID := strconv.FormatInt(runs[len(runs)-1].ID, 10)
	payload := decodePayload(p.t, githubtest.LoadWebhook(p.t, "workflow_dispatch", "", "", githubtest.WithRepo("Codertocat", "Hello-World"),
		defaultBranchEdit, func(p map[string]any) { p["inputs"], p["ref"] = inputs, d.Ref }))
	ev := runEvent{name: "workflow_dispatch", payload: payload, ref: d.Ref, sha: tip, inputs: inputs, runID: runID, token: p.fake.Token}
	// GitHub names the run by evaluating the workflow's run-name when it
	// starts; publish checks that name against the document.
	name, err := p.newRunner(gateWF.Name, "gate", ev).eval.interpolate(gateWF.RunName)
	if err != nil {
		p.t.Fatalf("run-name: %v", err)
	}
	pr, _ := strconv.Atoi(d.Inputs["pull_request"])
	if want := gate.DispatchRunName(pr, d.Inputs["head_sha"]); name != want {
		p.t.Fatalf("the gate workflow's run-name names the dispatched run %q; publish expects %q", name, want)
	}
	p.fake.SetRunName(runs[len(runs)-1].ID, name)
	var out pairOutcome
	out.gate, out.gateWrites = p.runGate(gateWF, gateJob, ev)
	out.document = p.gateDocument(out.gate)
	p.maybeAdvance(sc)
	commentsBefore := len(p.fake.Comments(prRepo, prNumber))
	out.publish = p.runPublish(publishWF, publishJob, completedRun{event: "workflow_dispatch", headSHA: tip, headBranch: defaultBranch,
		headRepo: prRepo, conclusion: out.gate.conclusion, runID: runID})
	p.collectPublished(&out, commentsBefore)
	return out
}

// defaultBranchEdit names main the repository's default branch.
func defaultBranchEdit(p map[string]any) {
	if r, ok := p["repository"].(map[string]any); ok {
		r["default_branch"] = defaultBranch
	}
}
