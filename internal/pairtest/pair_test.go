package pairtest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// pair is one repository on GitHub running the shipped pair: its git
// side, the fake API and the artifact storage.
type pair struct {
	t      *testing.T
	tools  *toolbox
	origin *origin
	// served is the origin over HTTP, where the jobs' remote points.
	served    *gitHTTP
	fake      *githubtest.Server
	artifacts *artifactStore
	// argvCredentialsExpected lets a control run a step that puts the
	// token on a command line without failing the test (jobResult.argvCredentials).
	argvCredentialsExpected bool
	// release is how the release server answers host/install.sh (the
	// zero value serves the release).
	release releaseMode
	// runnerEnv is added to the environment of the host action's steps:
	// what a setup step such as actions/setup-go leaves (goEnv).
	runnerEnv map[string]string
	// releaseAnswers counts the release server's answers by status.
	releaseAnswers *answerCounts
}

func newPair(t *testing.T) *pair {
	t.Helper()
	o, fake := newOrigin(t), githubtest.New(t)
	return &pair{t: t, tools: tools, origin: o, served: serveOrigin(t, o.dir, o.home, fake.Token), fake: fake, artifacts: newArtifactStore(),
		releaseAnswers: &answerCounts{}}
}

// scenario is how a pull request reaches the pair.
type scenario struct {
	// fork: the head branch is in another repository, so origin has only
	// refs/pull/N/*, and workflow_run names no pull request.
	fork bool
	// aheadOfBase: after the gate ran, the default branch gets an unrelated
	// commit, so publish's checkout and the pull request's current base are
	// ahead of the merge base the gate judged.
	aheadOfBase bool
	// gateWorkflow and publishWorkflow replace the shipped workflow files
	// (controls).
	gateWorkflow, publishWorkflow string
}

// The run ids of the two jobs.
const (
	gateRunID    = "7001"
	publishRunID = "7002"
)

// pairOutcome is what both halves did.
type pairOutcome struct {
	gate    jobResult
	publish jobResult
	// document is the gate job's results document, nil when it wrote none.
	document *gate.Results
	// gateWrites are the gate job's write calls to GitHub.
	gateWrites []githubtest.Call
	// checks are the published check runs by name.
	checks map[string]githubtest.CheckRun
	// publishHead is the publish workspace's HEAD after the job.
	publishHead string
	// comments are the comments publish added to the pull request.
	comments int
}

// run opens pull request #2 from base to head and runs both workflow files
// as GitHub would: the gate workflow for pull_request opened, then the
// publish workflow for the gate run's workflow_run completed.
func (p *pair) run(base, head string, sc scenario) pairOutcome {
	p.t.Helper()
	gateWF, gateJob := mustLoadWorkflow(p.t, firstNonEmpty(sc.gateWorkflow, shippedWorkflow("storygate.yml")))
	publishWF, publishJob := mustLoadWorkflow(p.t, firstNonEmpty(sc.publishWorkflow, shippedWorkflow("storygate-publish.yml")))
	if !gateWF.startsOn("pull_request", "opened") || !publishWF.startsAfter(gateWF.Name) {
		p.t.Fatalf("the workflows do not chain: %s on pull_request opened, %s after %q", gateWF.Name, publishWF.Name, gateWF.Name)
	}
	for scope, access := range gateJob.Permissions {
		if access != "read" && access != "none" {
			p.t.Fatalf("the gate job, which runs the pull request's code, asks for %s: %s", scope, access)
		}
	}
	p.openPullRequest(base, head, sc.fork)
	payload := decodePayload(p.t, githubtest.LoadWebhook(p.t, "pull_request.opened", head, base, pullRequestEdit(sc.fork)))
	var out pairOutcome
	out.gate, out.gateWrites = p.runGate(gateWF, gateJob, runEvent{name: "pull_request", payload: payload,
		ref: pullRef("merge"), sha: p.origin.rev(pullRef("merge"))})
	out.document = p.gateDocument(out.gate)
	p.maybeAdvance(sc)
	headRepo := prRepo
	if sc.fork {
		headRepo = forkRepo
	}
	commentsBefore := len(p.fake.Comments(prRepo, prNumber))
	out.publish = p.runPublish(publishWF, publishJob, completedRun{event: "pull_request", headSHA: head, headBranch: prBranch,
		headRepo: headRepo, conclusion: out.gate.conclusion, listsPullRequest: !sc.fork})
	p.collectPublished(&out, commentsBefore)
	return out
}

// maybeAdvance moves the default branch on, in git and in what GitHub
// reports as the pull request's base, when the scenario asks.
func (p *pair) maybeAdvance(sc scenario) {
	p.t.Helper()
	if sc.aheadOfBase {
		if tip := p.origin.advanceDefaultBranch(); !p.fake.MoveBase(prRepo, prNumber, tip) {
			p.t.Fatal("no pull request to move")
		}
	}
}

// collectPublished reads what publish left: the check runs by name (each
// posted once), the comments it added and the publish workspace's HEAD.
func (p *pair) collectPublished(out *pairOutcome, commentsBefore int) {
	p.t.Helper()
	out.checks = map[string]githubtest.CheckRun{}
	for _, c := range p.fake.CheckRuns() {
		if _, dup := out.checks[c.Name]; dup {
			p.t.Errorf("check run %s posted twice", c.Name)
		}
		out.checks[c.Name] = c
	}
	out.comments = len(p.fake.Comments(prRepo, prNumber)) - commentsBefore
	out.publishHead, _ = git(out.publish.workspace, p.t.TempDir(), "rev-parse", "HEAD")
}

// openPullRequest opens pull request #2 in the origin and in the fake
// GitHub, whose base is the default branch's tip, as its API reports it.
func (p *pair) openPullRequest(base, head string, fork bool) {
	p.t.Helper()
	p.origin.openPullRequest(base, head, fork)
	headRepo := prRepo
	if fork {
		headRepo = forkRepo
	}
	p.fake.AddPullRequest(prRepo, githubtest.PullRequest{Number: prNumber, HeadSHA: head, HeadRef: prBranch, HeadRepo: headRepo,
		BaseSHA: base, BaseRef: defaultBranch, Title: "a pull request"})
}

// shippedWorkflow is the path of one of the repository's workflow files.
func shippedWorkflow(name string) string {
	return filepath.Join(tools.moduleRoot, ".github", "workflows", name)
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func mustLoadWorkflow(t *testing.T, path string) (*workflow, *job) {
	t.Helper()
	wf, name, err := loadWorkflow(path)
	if err != nil {
		t.Fatal(err)
	}
	return wf, wf.Jobs[name]
}

// runGate runs the gate job for ev as run ev.runID (gateRunID when unset)
// and returns it with
// the write calls it made to GitHub.
func (p *pair) runGate(wf *workflow, j *job, ev runEvent) (jobResult, []githubtest.Call) {
	p.t.Helper()
	if ev.runID == "" {
		ev.runID = gateRunID // a pull request's or merge group's run
	}
	ev.token = p.fake.Token
	before := len(p.fake.Calls())
	res := p.newRunner(wf.Name, "gate", ev).run(j)
	var writes []githubtest.Call
	for _, c := range p.fake.Calls()[before:] {
		if c.Method != "GET" {
			writes = append(writes, c)
		}
	}
	return res, writes
}

// completedRun is what GitHub's workflow_run event says of the gate run.
type completedRun struct {
	event, headSHA, headBranch, headRepo, conclusion string
	// runID is the gate run's id; empty means gateRunID.
	runID string
	// listsPullRequest: GitHub lists the pull request (not for a fork's
	// or a dispatched run).
	listsPullRequest bool
}

// runPublish runs the publish job for the gate run's workflow_run
// completed, on the default branch's current tip.
func (p *pair) runPublish(wf *workflow, j *job, run completedRun) jobResult {
	p.t.Helper()
	tip := p.origin.tip(defaultBranch)
	payload := decodePayload(p.t, githubtest.LoadWebhook(p.t, "workflow_run.completed", run.headSHA, "", workflowRunEdit(run, tip)))
	return p.newRunner(wf.Name, "publish", runEvent{name: "workflow_run", payload: payload, runID: publishRunID,
		ref: "refs/heads/" + defaultBranch, sha: tip, token: p.fake.Token}).run(j)
}

// pullRequestEdit points the recorded pull_request.opened at the test's
// branches: the default branch main, the head branch feature, in this
// repository or a fork.
func pullRequestEdit(fork bool) githubtest.Edit {
	return func(p map[string]any) {
		pr := p["pull_request"].(map[string]any)
		pr["base"].(map[string]any)["ref"] = defaultBranch
		headPart := pr["head"].(map[string]any)
		headPart["ref"] = prBranch
		if fork {
			repo := headPart["repo"].(map[string]any)
			repo["full_name"], repo["fork"] = forkRepo, true
		}
		p["repository"].(map[string]any)["default_branch"] = defaultBranch
	}
}

// workflowRunEdit makes the recorded workflow_run.completed the gate
// run's: its id and URL, event, head commit, branch and repository, the
// gate job's conclusion and the pull request GitHub lists, if any.
func workflowRunEdit(run completedRun, baseTip string) githubtest.Edit {
	return func(p map[string]any) {
		wr := p["workflow_run"].(map[string]any)
		id := run.runID
		if id == "" {
			id = gateRunID
		}
		wr["id"] = json.Number(id)
		wr["html_url"] = fmt.Sprintf("https://github.com/%s/actions/runs/%s", prRepo, id)
		wr["head_sha"], wr["event"], wr["status"], wr["conclusion"] = run.headSHA, run.event, "completed", run.conclusion
		wr["head_branch"] = run.headBranch
		pulls := []any{}
		if run.listsPullRequest {
			pulls = append(pulls, map[string]any{"id": 1, "number": prNumber,
				"url":  fmt.Sprintf("https://api.github.com/repos/%s/pulls/%d", prRepo, prNumber),
				"head": map[string]any{"ref": prBranch, "sha": run.headSHA}, "base": map[string]any{"ref": defaultBranch, "sha": baseTip}})
		}
		wr["pull_requests"] = pulls
		wr["head_repository"].(map[string]any)["full_name"] = run.headRepo
		wr["repository"].(map[string]any)["full_name"] = prRepo
		p["repository"].(map[string]any)["default_branch"] = defaultBranch
	}
}

func decodePayload(t *testing.T, raw []byte) map[string]any {
	t.Helper()
	var payload map[string]any
	if err := json.Unmarshal(raw, &payload); err != nil {
		t.Fatal(err)
	}
	return payload
}

func writeJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// gateDocument is the results document the gate job wrote, where the gate
// step's results output names it (under RUNNER_TEMP in host mode, in the
// workspace with the Docker action); nil when it names none.
func (p *pair) gateDocument(gateJob jobResult) *gate.Results {
	p.t.Helper()
	named := gateJob.outputs["storygate"]["results"]
	if named == "" {
		return nil
	}
	if !filepath.IsAbs(named) {
		named = filepath.Join(gateJob.workspace, filepath.FromSlash(named))
	}
	return readDocument(p.t, named)
}

// readDocument reads a results document, nil when there is none.
func readDocument(t *testing.T, path string) *gate.Results {
	t.Helper()
	if _, err := os.Stat(path); os.IsNotExist(err) {
		return nil
	}
	res, err := gate.ReadFile(path)
	if err != nil {
		t.Fatalf("results document: %v", err)
	}
	return res
}
