package githubtest

import (
	"net/http"
	"regexp"
	"sort"
	"strings"
)

// fullSHA is a commit id as the git refs API takes it.
var fullSHA = regexp.MustCompile(`^[0-9a-f]{40}$`)

// createRef answers POST /repos/{owner}/{repo}/git/refs as GitHub does: the
// first request for a name makes it (201); any later one is refused with
// 422 "Reference already exists", atomically, under the fake's lock.
func (s *Server) createRef(w http.ResponseWriter, r *request) {
	var body struct {
		Ref string `json:"ref"`
		SHA string `json:"sha"`
	}
	if err := r.decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if !strings.HasPrefix(body.Ref, "refs/") || strings.Count(body.Ref, "/") < 2 || !fullSHA.MatchString(body.SHA) {
		writeError(w, http.StatusUnprocessableEntity, "Reference name or sha is not valid")
		return
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	refs := s.st.refs[r.repo()]
	if refs == nil {
		refs = map[string]string{}
		s.st.refs[r.repo()] = refs
	}
	if _, ok := refs[body.Ref]; ok {
		writeError(w, http.StatusUnprocessableEntity, "Reference already exists")
		return
	}
	refs[body.Ref] = body.SHA
	writeJSON(w, http.StatusCreated, refJSON(body.Ref, body.SHA))
}

// deleteRef answers DELETE /repos/{owner}/{repo}/git/refs/{ref}: 204, or
// 422 "Reference does not exist" as GitHub answers for a missing ref.
func (s *Server) deleteRef(w http.ResponseWriter, r *request) {
	name := "refs/" + r.params["ref"]
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	if _, ok := s.st.refs[r.repo()][name]; !ok {
		writeError(w, http.StatusUnprocessableEntity, "Reference does not exist")
		return
	}
	delete(s.st.refs[r.repo()], name)
	w.WriteHeader(http.StatusNoContent)
}

func refJSON(ref, sha string) map[string]any {
	return map[string]any{"ref": ref, "node_id": "REF_" + sha[:8], "url": "https://api.github.com/git/" + ref,
		"object": map[string]any{"type": "commit", "sha": sha, "url": "https://api.github.com/git/commits/" + sha}}
}

// Refs lists the refs of repo made through the git refs API whose names
// start with prefix, sorted.
func (s *Server) Refs(repo, prefix string) []string {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	var out []string
	for name := range s.st.refs[repo] {
		if strings.HasPrefix(name, prefix) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// unwildcard names a route as GitHub's description does, without the
// fake's {name*} wildcards.
func unwildcard(route string) string {
	return strings.NewReplacer("{path*}", "{path}", "{ref*}", "{ref}").Replace(route)
}
