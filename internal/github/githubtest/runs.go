package githubtest

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
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
	// CreatedAt is when GitHub created the run, by the wall clock (a
	// client compares it with its own); zero is the fake's clock.
	CreatedAt time.Time
	// unlisted is how many more run lists leave the run out, as GitHub's
	// lists show a new run some seconds after the dispatch.
	unlisted int
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
// branch at its latest push, by the caller (actor: GITHUB_TOKEN's Bot, or
// the App whose installation token dispatched).
func (s *Server) dispatchedRun(repo, workflow, ref string, inputs map[string]string, actor User) {
	st := s.st
	branch := strings.TrimPrefix(ref, "refs/heads/")
	run := WorkflowRun{Repo: repo, Event: "workflow_dispatch", HeadBranch: branch, Path: ".github/workflows/" + workflow, Actor: actor,
		CreatedAt: time.Now().UTC(), unlisted: s.listLag}
	if s.runName != nil {
		run.DisplayTitle = s.runName(workflow, inputs)
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

// listWorkflowRuns answers GET
// /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs, newest first,
// filtered by event and branch; a run still unlisted (DelayRunListing) is
// left out.
func (s *Server) listWorkflowRuns(w http.ResponseWriter, r *request) {
	q := r.URL.Query()
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	var runs []map[string]any
	for _, run := range slices.Backward(s.st.runs) {
		if run.Repo != r.repo() || !strings.HasSuffix(run.Path, "/"+r.params["workflow_id"]) ||
			(q.Has("event") && run.Event != q.Get("event")) || (q.Has("branch") && run.HeadBranch != q.Get("branch")) {
			continue
		}
		if run.unlisted > 0 {
			run.unlisted--
			continue
		}
		runs = append(runs, run.json(stamp(s.st.clock)))
	}
	writeJSON(w, http.StatusOK, map[string]any{"total_count": len(runs), "workflow_runs": orEmpty(page(w, r, runs))})
}

// DelayRunListing makes each run a later dispatch starts missing from the
// first n lists of workflow runs, as GitHub's lists catch up with a
// dispatch some seconds later.
func (s *Server) DelayRunListing(n int) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	s.listLag = n
}

func (run *WorkflowRun) json(at string) map[string]any {
	created := at
	if !run.CreatedAt.IsZero() {
		created = stamp(run.CreatedAt)
	}
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
		"created_at": created, "updated_at": at, "pull_requests": []any{},
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
