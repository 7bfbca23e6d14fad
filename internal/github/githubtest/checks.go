package githubtest

import (
	"net/http"
	"slices"
	"strconv"
)

// CheckRun is a check run as the fake holds it.
type CheckRun struct {
	ID          int64
	Repo        string
	Name        string
	HeadSHA     string
	Status      string
	Conclusion  string
	DetailsURL  string
	ExternalID  string
	Title       string
	Summary     string
	Text        string
	Annotations []Annotation
	// App is the id of the app that created the run: GitHub Actions'
	// (ActionsAppID) for a workflow's GITHUB_TOKEN, an App's for its
	// installation token. Only that app may update the run, as on GitHub.
	App int64
}

// Annotation is one annotation GitHub accumulated on a check run.
type Annotation struct {
	Path        string `json:"path"`
	StartLine   int    `json:"start_line"`
	EndLine     int    `json:"end_line"`
	StartColumn int    `json:"start_column"`
	EndColumn   int    `json:"end_column"`
	Level       string `json:"annotation_level"`
	Title       string `json:"title"`
	Message     string `json:"message"`
}

// checkRunBody is the JSON of both create and update.
type checkRunBody struct {
	Name       *string `json:"name"`
	HeadSHA    string  `json:"head_sha"`
	Status     *string `json:"status"`
	Conclusion *string `json:"conclusion"`
	DetailsURL *string `json:"details_url"`
	ExternalID *string `json:"external_id"`
	Output     *struct {
		Title       string       `json:"title"`
		Summary     string       `json:"summary"`
		Text        *string      `json:"text"`
		Annotations []Annotation `json:"annotations"`
	} `json:"output"`
}

// CheckRuns returns copies of the check runs created so far, oldest first.
func (s *Server) CheckRuns() []CheckRun {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	out := make([]CheckRun, 0, len(s.st.checkRuns))
	for _, c := range s.st.checkRuns {
		cp := *c
		cp.Annotations = append([]Annotation(nil), c.Annotations...)
		out = append(out, cp)
	}
	return out
}

func (s *Server) createCheckRun(w http.ResponseWriter, r *request) {
	var body checkRunBody
	if err := r.decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	_, app := s.poster(r.Request)
	run := &CheckRun{ID: s.st.id(), Repo: r.repo(), HeadSHA: body.HeadSHA, Status: "queued", App: app}
	run.apply(body)
	s.st.checkRuns = append(s.st.checkRuns, run)
	writeJSON(w, http.StatusCreated, run.json())
}

// listCheckRunsForRef answers the runs on a commit, newest first as
// GitHub lists them, narrowed by check_name when given.
func (s *Server) listCheckRunsForRef(w http.ResponseWriter, r *request) {
	name, appID := r.URL.Query().Get("check_name"), r.URL.Query().Get("app_id")
	missed := s.missedByThisRead(lateCheckRun)
	var runs []map[string]any
	for _, c := range slices.Backward(s.CheckRuns()) {
		if c.Repo == r.repo() && c.HeadSHA == r.params["ref"] && (name == "" || c.Name == name) && (appID == "" || appID == strconv.FormatInt(c.App, 10)) && !missed[strconv.FormatInt(c.ID, 10)] {
			runs = append(runs, c.json())
		}
	}
	total := len(runs)
	writeJSON(w, http.StatusOK, map[string]any{"total_count": total, "check_runs": orEmpty(page(w, r, runs))})
}

func (s *Server) getCheckRun(w http.ResponseWriter, r *request) {
	id, _ := strconv.ParseInt(r.params["check_run_id"], 10, 64)
	for _, c := range s.CheckRuns() {
		if c.ID == id && c.Repo == r.repo() {
			writeJSON(w, http.StatusOK, c.json())
			return
		}
	}
	writeError(w, http.StatusNotFound, "Not Found")
}

func (s *Server) updateCheckRun(w http.ResponseWriter, r *request) {
	var body checkRunBody
	if err := r.decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	id, _ := strconv.ParseInt(r.params["check_run_id"], 10, 64)
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	for _, run := range s.st.checkRuns {
		if run.ID == id && run.Repo == r.repo() {
			if _, app := s.poster(r.Request); app != run.App {
				writeError(w, http.StatusForbidden, "Resource not accessible by integration")
				return
			}
			run.apply(body)
			writeJSON(w, http.StatusOK, run.json())
			return
		}
	}
	writeError(w, http.StatusNotFound, "Not Found")
}

// apply merges a create or update body the way GitHub does: a conclusion
// completes the run, and annotations accumulate across requests.
func (c *CheckRun) apply(b checkRunBody) {
	setIf(&c.Name, b.Name)
	setIf(&c.Status, b.Status)
	setIf(&c.DetailsURL, b.DetailsURL)
	setIf(&c.ExternalID, b.ExternalID)
	if b.Conclusion != nil {
		c.Conclusion, c.Status = *b.Conclusion, "completed"
	}
	if o := b.Output; o != nil {
		c.Title, c.Summary = o.Title, o.Summary
		setIf(&c.Text, o.Text)
		c.Annotations = append(c.Annotations, o.Annotations...)
	}
}

func setIf(dst *string, v *string) {
	if v != nil {
		*dst = *v
	}
}

func (c *CheckRun) json() map[string]any {
	return map[string]any{
		"id": c.ID, "name": c.Name, "head_sha": c.HeadSHA, "status": c.Status,
		"conclusion": nullable(c.Conclusion), "details_url": c.DetailsURL,
		"external_id": c.ExternalID, "app": appJSON(c.App),
		"output": map[string]any{"title": c.Title, "summary": c.Summary, "text": c.Text, "annotations_count": len(c.Annotations)},
	}
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
