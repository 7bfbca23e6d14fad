package githubtest

import (
	"maps"
	"net/http"
)

// Dispatch is a workflow_dispatch the fake received.
type Dispatch struct {
	Repo, Workflow, Ref string
	Inputs              map[string]string
}

type dispatchBody struct {
	Ref    *string           `json:"ref"`
	Inputs map[string]string `json:"inputs"`
}

// Dispatches returns copies of the workflow dispatches made, oldest first.
func (s *Server) Dispatches() []Dispatch {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	out := make([]Dispatch, 0, len(s.st.dispatches))
	for _, d := range s.st.dispatches {
		cp := d
		cp.Inputs = maps.Clone(d.Inputs)
		out = append(out, cp)
	}
	return out
}

// createDispatch starts a run of the workflow and answers 204, as GitHub
// does without return_run_details.
func (s *Server) createDispatch(w http.ResponseWriter, r *request) {
	var body dispatchBody
	if err := r.decode(&body); err != nil || body.Ref == nil {
		writeError(w, http.StatusUnprocessableEntity, "Validation Failed")
		return
	}
	s.st.mu.Lock()
	s.st.dispatches = append(s.st.dispatches, Dispatch{Repo: r.repo(), Workflow: r.params["workflow_id"], Ref: *body.Ref, Inputs: body.Inputs})
	actor, _ := s.poster(r.Request)
	s.dispatchedRun(r.repo(), r.params["workflow_id"], *body.Ref, body.Inputs, actor)
	s.st.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}
