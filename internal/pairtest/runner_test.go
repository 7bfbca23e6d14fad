package pairtest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// runner is one job on a fresh runner: its workspace, temp and home
// directories, its contexts and the steps run so far.
type runner struct {
	t         *testing.T
	pair      *pair
	jobName   string
	workspace string
	temp      string
	home      string
	eventName string
	eventPath string
	github    map[string]any
	steps     map[string]any
	eval      evaluator
	log       strings.Builder
	// summary is what the steps wrote to GITHUB_STEP_SUMMARY, in order.
	summary strings.Builder
	// argvCredentials are the command lines of run: steps that held the
	// token (argvWatch).
	argvCredentials []string
}

// jobResult is what a job did.
type jobResult struct {
	// ran is false when the job's if: skipped it.
	ran bool
	// conclusion is success or failure.
	conclusion string
	workspace  string
	// outcomes are the steps' outcomes (success, failure, skipped) in order.
	outcomes []string
	// outputs are the outputs of the steps with an id, by id.
	outputs map[string]map[string]string
	log     string
	// summary is the job summary: what its steps wrote to
	// GITHUB_STEP_SUMMARY, as GitHub shows it on the run's page.
	summary string
	// argvCredentials are the git command lines of run: steps that held
	// the job's token.
	argvCredentials []string
}

// runEvent is the event a job runs for and GitHub's refs for it.
type runEvent struct {
	name    string
	payload map[string]any
	runID   string
	ref     string
	sha     string
	token   string
	// inputs are a workflow_dispatch's inputs (the inputs context).
	inputs map[string]any
}

// newRunner prepares a runner for a job of the workflow named workflow.
func (p *pair) newRunner(workflow, jobName string, ev runEvent) *runner {
	p.t.Helper()
	base := p.t.TempDir()
	r := &runner{t: p.t, pair: p, jobName: jobName, workspace: filepath.Join(base, "work"), temp: filepath.Join(base, "temp"),
		home: filepath.Join(base, "home"), eventName: ev.name, eventPath: filepath.Join(base, "event.json"), steps: map[string]any{}}
	for _, dir := range []string{r.workspace, r.temp, r.home} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			p.t.Fatal(err)
		}
	}
	writeJSONFile(p.t, r.eventPath, ev.payload)
	r.github = map[string]any{"event": ev.payload, "event_name": ev.name, "token": ev.token, "ref": ev.ref, "sha": ev.sha,
		"repository": prRepo, "repository_owner": strings.Split(prRepo, "/")[0], "run_id": ev.runID, "run_attempt": "1",
		"server_url": "https://github.com", "api_url": strings.TrimSuffix(p.fake.URL, "/"), "workspace": r.workspace,
		"workflow": workflow, "job": jobName}
	inputs := ev.inputs
	if inputs == nil {
		inputs = map[string]any{}
	}
	r.eval = evaluator{contexts: map[string]any{"github": r.github, "inputs": inputs, "steps": r.steps,
		"env": map[string]any{}, "runner": map[string]any{"os": "Linux", "arch": runnerArch(), "temp": r.temp}}}
	return r
}

// run runs the job: its if:, then each step in order under GitHub's
// rules (a failed step fails the job unless continue-on-error; later steps
// run only if their if: allows it).
func (r *runner) run(j *job) jobResult {
	r.t.Helper()
	ok, err := r.eval.condition(j.If)
	if err != nil {
		r.t.Fatalf("job %s: %v", r.jobName, err)
	}
	if !ok {
		return jobResult{workspace: r.workspace}
	}
	res := jobResult{ran: true, workspace: r.workspace, outputs: map[string]map[string]string{}}
	for i, s := range j.Steps {
		outcome, outputs := r.runStep(i, s)
		res.outcomes = append(res.outcomes, outcome)
		if s.ID != "" {
			res.outputs[s.ID] = outputs
		}
	}
	res.conclusion, res.log, res.summary, res.argvCredentials = "success", r.log.String(), r.summary.String(), r.argvCredentials
	if r.eval.failed {
		res.conclusion = "failure"
	}
	return res
}

// runStep runs one step, records it in the steps context and returns its
// outcome and outputs.
func (r *runner) runStep(i int, s step) (string, map[string]string) {
	r.t.Helper()
	label := s.label(i)
	ok, err := r.eval.condition(s.If)
	if err != nil {
		r.t.Fatalf("job %s %s: %v", r.jobName, label, err)
	}
	if !ok {
		r.record(s, "skipped", "skipped", nil)
		fmt.Fprintf(&r.log, "== %s: skipped\n", label)
		return "skipped", nil
	}
	outputs, err := r.execute(s)
	outcome := "success"
	if err != nil {
		outcome = "failure"
		fmt.Fprintf(&r.log, "== %s failed: %v\n", label, err)
	}
	conclusion := outcome
	if outcome == "failure" && r.continueOnError(label, s) {
		conclusion = "success"
	}
	if conclusion == "failure" {
		r.eval.failed = true
	}
	r.record(s, outcome, conclusion, outputs)
	return outcome, outputs
}

func (r *runner) continueOnError(label string, s step) bool {
	r.t.Helper()
	v, err := r.eval.interpolate(s.ContinueOnError)
	if err != nil {
		r.t.Fatalf("%s continue-on-error: %v", label, err)
	}
	b, err := strconv.ParseBool(strings.TrimSpace(v))
	if v != "" && err != nil {
		r.t.Fatalf("%s continue-on-error: %q is not a boolean", label, v)
	}
	return b
}

func (r *runner) record(s step, outcome, conclusion string, outputs map[string]string) {
	if s.ID == "" {
		return
	}
	out := map[string]any{}
	for k, v := range outputs {
		out[k] = v
	}
	r.steps[s.ID] = map[string]any{"outcome": outcome, "conclusion": conclusion, "outputs": out}
}

// execute dispatches a step to the emulation of what it uses. A step the
// harness does not know fails the test, never a silent skip.
func (r *runner) execute(s step) (map[string]string, error) {
	r.t.Helper()
	with, env := r.evalMap("with", s.With), r.evalMap("env", s.Env)
	switch {
	case s.Run != "" && s.Uses != "":
		r.t.Fatalf("a step with both run and uses: %+v", s)
	case s.Run != "":
		return nil, r.runScript(s.Run, env)
	case s.Uses == "actions/checkout@v4":
		return nil, r.checkout(with)
	case s.Uses == "actions/upload-artifact@v4":
		return nil, r.uploadArtifact(with)
	case s.Uses == "actions/download-artifact@v4":
		return nil, r.downloadArtifact(with)
	case isStorygateAction(s.Uses):
		return r.hostAction(r.pair.tools.moduleRoot, with, env)
	case isHostAlias(s.Uses):
		return r.hostAction(filepath.Join(r.pair.tools.moduleRoot, "host"), with, env)
	case isDockerAction(s.Uses):
		return r.storygateAction(with, env)
	}
	r.t.Fatalf("the harness does not know the action %q", s.Uses)
	return nil, nil
}

// isStorygateAction is the repository's top-level action (host mode) at
// any ref (not host/, docker/ or another path in it).
func isStorygateAction(uses string) bool { return isActionAt(uses, "storygate/storygate") }

// evalMap evaluates the expressions in a step's with: or env:.
func (r *runner) evalMap(what string, m map[string]string) map[string]string {
	r.t.Helper()
	out := map[string]string{}
	for k, v := range m {
		s, err := r.eval.interpolate(v)
		if err != nil {
			r.t.Fatalf("%s.%s: %v", what, k, err)
		}
		out[k] = s
	}
	return out
}

// jobEnv is the environment the runner gives every step.
// GIT_TERMINAL_PROMPT=0 stands for the runner having no terminal: a fetch
// the origin refuses fails rather than prompting for a password.
func (r *runner) jobEnv() map[string]string {
	str := func(k string) string { s, _ := toString(r.github[k]); return s }
	return map[string]string{"CI": "true", "GITHUB_ACTIONS": "true", "HOME": r.home, "PATH": os.Getenv("PATH"),
		"GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0", "RUNNER_OS": "Linux", "RUNNER_TEMP": r.temp,
		"GITHUB_WORKSPACE": r.workspace, "GITHUB_EVENT_NAME": r.eventName, "GITHUB_EVENT_PATH": r.eventPath,
		"GITHUB_REPOSITORY": str("repository"), "GITHUB_REPOSITORY_OWNER": str("repository_owner"),
		"GITHUB_RUN_ID": str("run_id"), "GITHUB_RUN_ATTEMPT": "1", "GITHUB_SERVER_URL": str("server_url"),
		"GITHUB_API_URL": str("api_url"), "GITHUB_REF": str("ref"), "GITHUB_SHA": str("sha"),
		"GITHUB_WORKFLOW": str("workflow"), "GITHUB_JOB": str("job")}
}

// refuseUnknownInputs fails the test on a with: key an emulated action
// does not implement: the harness would otherwise run it wrongly.
func (r *runner) refuseUnknownInputs(action string, with map[string]string, known ...string) {
	r.t.Helper()
	for k := range with {
		if !slices.Contains(known, k) {
			r.t.Fatalf("the harness's %s does not implement input %q", action, k)
		}
	}
}
