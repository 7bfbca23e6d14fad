package githubtest

import (
	"encoding/json"
	"net/http"
)

// SetProtection seeds a branch's protection in the shape GitHub's GET
// returns (e.g. {"enforce_admins": {"enabled": true}, ...}).
func (s *Server) SetProtection(repo, branch string, get map[string]any) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	s.st.protection[repo+"\x00"+branch] = clone(get)
}

// Protection returns a branch's protection in GET shape; ok is false when
// the branch is unprotected.
func (s *Server) Protection(repo, branch string) (get map[string]any, ok bool) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	p, ok := s.st.protection[repo+"\x00"+branch]
	return clone(p), ok
}

func (s *Server) getProtection(w http.ResponseWriter, r *request) {
	p, ok := s.Protection(r.repo(), r.params["branch"])
	if !ok {
		writeError(w, http.StatusNotFound, "Branch not protected")
		return
	}
	writeJSON(w, http.StatusOK, p)
}

// putProtection replaces the protection, as GitHub's PUT does, storing it in
// the GET shape so a later read shows what was kept.
func (s *Server) putProtection(w http.ResponseWriter, r *request) {
	var body map[string]any
	if err := r.decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	get := map[string]any{"enforce_admins": enabled(body["enforce_admins"])}
	if rsc, ok := body["required_status_checks"].(map[string]any); ok {
		get["required_status_checks"] = statusChecksGet(rsc, nil)
	}
	if rev, ok := body["required_pull_request_reviews"].(map[string]any); ok {
		get["required_pull_request_reviews"] = reviewsGet(rev)
	}
	if res, ok := body["restrictions"].(map[string]any); ok {
		get["restrictions"] = actorsGet(res)
	}
	for _, k := range []string{"required_linear_history", "allow_force_pushes", "allow_deletions", "block_creations", "required_conversation_resolution", "lock_branch", "allow_fork_syncing"} {
		get[k] = enabled(body[k])
	}
	s.SetProtection(r.repo(), r.params["branch"], get)
	writeJSON(w, http.StatusOK, get)
}

func (s *Server) patchRequiredChecks(w http.ResponseWriter, r *request) {
	var body map[string]any
	if err := r.decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	p := s.st.protection[r.repo()+"\x00"+r.params["branch"]]
	old, ok := p["required_status_checks"].(map[string]any)
	if !ok {
		writeError(w, http.StatusNotFound, "Required status checks not enabled")
		return
	}
	p["required_status_checks"] = statusChecksGet(body, old)
	writeJSON(w, http.StatusOK, p["required_status_checks"])
}

// statusChecksGet merges a request's strict/checks/contexts over old.
func statusChecksGet(req, old map[string]any) map[string]any {
	out := map[string]any{"strict": false, "contexts": []any{}, "checks": []any{}}
	for k, v := range old {
		out[k] = v
	}
	if strict, ok := req["strict"]; ok {
		out["strict"] = strict
	}
	if contexts, ok := req["contexts"].([]any); ok && len(contexts) > 0 {
		out["contexts"], out["checks"] = contexts, checksFromContexts(contexts)
	}
	if checks, ok := req["checks"].([]any); ok && (len(checks) > 0 || req["contexts"] == nil) {
		out["checks"], out["contexts"] = checks, contextsFromChecks(checks)
	}
	return out
}

func checksFromContexts(contexts []any) []any {
	out := []any{}
	for _, c := range contexts {
		out = append(out, map[string]any{"context": c, "app_id": nil})
	}
	return out
}

func contextsFromChecks(checks []any) []any {
	out := []any{}
	for _, c := range checks {
		if m, ok := c.(map[string]any); ok {
			out = append(out, m["context"])
		}
	}
	return out
}

func reviewsGet(req map[string]any) map[string]any {
	out := clone(req)
	for _, k := range []string{"dismissal_restrictions", "bypass_pull_request_allowances"} {
		if a, ok := req[k].(map[string]any); ok {
			out[k] = actorsGet(a)
		}
	}
	return out
}

// actorsGet turns logins and slugs into the objects GET returns.
func actorsGet(req map[string]any) map[string]any {
	wrap := func(key, field string) []any {
		out := []any{}
		list, _ := req[key].([]any)
		for _, v := range list {
			out = append(out, map[string]any{field: v})
		}
		return out
	}
	return map[string]any{"users": wrap("users", "login"), "teams": wrap("teams", "slug"), "apps": wrap("apps", "slug")}
}

func enabled(v any) map[string]any {
	b, _ := v.(bool)
	return map[string]any{"enabled": b}
}

// clone deep-copies a JSON-shaped map through JSON.
func clone(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	raw, _ := json.Marshal(m)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return out
}
