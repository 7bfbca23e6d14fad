package githubtest

import (
	"net/http"
	"strconv"
	"strings"
)

// WorkflowRun is a workflow run in the fake, as GET
// /repos/{owner}/{repo}/actions/runs/{run_id} reports it.
type WorkflowRun struct {
	// ID is the run's id; AddWorkflowRun assigns one when it is zero.
	ID   int64
	Repo string
	// Event is what started the run (workflow_dispatch, pull_request, …).
	Event string
	// HeadBranch and HeadSHA are the branch the run ran on and its commit.
	HeadBranch, HeadSHA string
	// Path is the workflow file, e.g. .github/workflows/storygate.yml.
	Path string
	// Actor started the run; TriggeringActor (Actor when empty) started
	// its latest attempt.
	Actor, TriggeringActor User
	// DisplayTitle is the run's name; empty means the workflow's name,
	// storygate, as GitHub names a run whose workflow sets no run-name.
	DisplayTitle string
}

// AddWorkflowRun seeds a run started outside the fake and returns its id.
func (s *Server) AddWorkflowRun(run WorkflowRun) int64 {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	return s.st.addRun(run)
}

// WorkflowRuns returns copies of the runs, oldest first: the seeded ones
// and those the fake started for workflow dispatches.
func (s *Server) WorkflowRuns() []WorkflowRun {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	out := make([]WorkflowRun, 0, len(s.st.runs))
	for _, r := range s.st.runs {
		out = append(out, *r)
	}
	return out
}

func (st *state) addRun(run WorkflowRun) int64 {
	if run.ID == 0 {
		run.ID = st.id()
	}
	st.runs = append(st.runs, &run)
	return run.ID
}

// dispatchedRun is the run GitHub starts for a dispatch: on the ref's
// branch at its latest push, by the caller (the fake's writes are all
// GITHUB_TOKEN's, Bot).
func (st *state) dispatchedRun(repo, workflow, ref string, runName func(workflow string, inputs map[string]string) string, inputs map[string]string) {
	branch := strings.TrimPrefix(ref, "refs/heads/")
	run := WorkflowRun{Repo: repo, Event: "workflow_dispatch", HeadBranch: branch, Path: ".github/workflows/" + workflow, Actor: Bot}
	if runName != nil {
		run.DisplayTitle = runName(workflow, inputs)
	}
	if last := st.lastPush(repo, branch); last != nil {
		run.HeadSHA = last.After
	}
	st.addRun(run)
}

// getWorkflowRun answers GET /repos/{owner}/{repo}/actions/runs/{run_id}
// with the fields of GitHub's workflow-run schema.
func (s *Server) getWorkflowRun(w http.ResponseWriter, r *request) {
	id, _ := strconv.ParseInt(r.params["run_id"], 10, 64)
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	for _, run := range s.st.runs {
		if run.ID == id && run.Repo == r.repo() {
			writeJSON(w, http.StatusOK, run.json(stamp(s.st.clock)))
			return
		}
	}
	writeError(w, http.StatusNotFound, "Not Found")
}

func (run *WorkflowRun) json(at string) map[string]any {
	triggering := run.TriggeringActor
	if triggering.Login == "" {
		triggering = run.Actor
	}
	api := "https://api.github.com/repos/" + run.Repo + "/actions/runs/" + strconv.FormatInt(run.ID, 10)
	repo := map[string]any{"full_name": run.Repo, "name": run.Repo[strings.Index(run.Repo, "/")+1:]}
	return map[string]any{
		"id": run.ID, "node_id": "WFR_" + strconv.FormatInt(run.ID, 10), "name": "storygate", "run_number": run.ID, "run_attempt": 1,
		"display_title": orDefault(run.DisplayTitle, "storygate"), "event": run.Event, "status": "completed", "conclusion": "success",
		"head_branch": run.HeadBranch, "head_sha": run.HeadSHA, "path": run.Path, "workflow_id": 1,
		"actor": run.Actor.json(), "triggering_actor": triggering.json(),
		"url": api, "html_url": "https://github.com/" + run.Repo + "/actions/runs/" + strconv.FormatInt(run.ID, 10),
		"created_at": at, "updated_at": at, "pull_requests": []any{},
		"head_commit": nil, "head_repository": repo, "repository": repo,
		"jobs_url": api + "/jobs", "logs_url": api + "/logs", "check_suite_url": api + "/check-suite", "cancel_url": api + "/cancel",
		"rerun_url": api + "/rerun", "artifacts_url": api + "/artifacts", "workflow_url": "https://api.github.com/repos/" + run.Repo + "/actions/workflows/1",
	}
}

// SetRunName sets the name (display_title) of run id, as GitHub evaluates
// the workflow's run-name when the run starts: the shipped-pair test
// evaluates the real workflow's run-name and tells the fake its result.
func (s *Server) SetRunName(id int64, name string) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	for _, run := range s.st.runs {
		if run.ID == id {
			run.DisplayTitle = name
		}
	}
}

// WithRunName makes the runs the fake starts for a dispatch take the name
// runName gives the workflow and its inputs, as the workflow's run-name
// would; without it a dispatched run is named after the workflow.
func WithRunName(runName func(workflow string, inputs map[string]string) string) Option {
	return func(s *Server) { s.runName = runName }
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
