package githubtest

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// Push is one move of a branch in the fake's repository activity.
type Push struct {
	ID            int64
	Repo, Branch  string
	Before, After string
	Actor         User
	Kind          string
	At            string
}

// Push records that actor pushed after onto branch (as git push would),
// at the fake's clock, and points the branch's pull requests at it.
func (s *Server) Push(repo, branch, after string, actor User) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	s.st.push(repo, branch, after, actor)
}

func (st *state) push(repo, branch, after string, actor User) {
	before, kind := strings.Repeat("0", 40), "branch_creation"
	if last := st.lastPush(repo, branch); last != nil {
		before, kind = last.After, "push"
	}
	st.pushes = append(st.pushes, &Push{ID: st.id(), Repo: repo, Branch: branch, Before: before, After: after,
		Actor: actor, Kind: kind, At: stamp(st.tick())})
	for _, pr := range st.pulls[repo] {
		if pr.HeadRef == branch {
			pr.HeadSHA = after
		}
	}
}

func (st *state) lastPush(repo, branch string) *Push {
	for i := len(st.pushes) - 1; i >= 0; i-- {
		if p := st.pushes[i]; p.Repo == repo && p.Branch == branch {
			return p
		}
	}
	return nil
}

// listActivity answers GET /repos/{owner}/{repo}/activity, newest first,
// filtered by ref, paged by the after cursor (the last id seen).
func (s *Server) listActivity(w http.ResponseWriter, r *request) {
	ref := strings.TrimPrefix(r.URL.Query().Get("ref"), "refs/heads/")
	after, _ := strconv.ParseInt(r.URL.Query().Get("after"), 10, 64)
	perPage := min(max(queryInt(r, "per_page", 30), 1), 100)
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	var all []*Push
	for _, p := range slices.Backward(s.st.pushes) {
		if p.Repo == r.repo() && (ref == "" || p.Branch == ref) && (after == 0 || p.ID < after) {
			all = append(all, p)
		}
	}
	if len(all) > perPage {
		q := r.URL.Query()
		q.Set("after", strconv.FormatInt(all[perPage-1].ID, 10))
		w.Header().Set("Link", "<http://"+r.Host+r.URL.Path+"?"+q.Encode()+">; rel=\"next\"")
		all = all[:perPage]
	}
	out := []map[string]any{}
	for _, p := range all {
		out = append(out, map[string]any{"id": p.ID, "node_id": "A_" + strconv.FormatInt(p.ID, 10), "before": p.Before, "after": p.After,
			"ref": "refs/heads/" + p.Branch, "timestamp": p.At, "activity_type": p.Kind, "actor": p.Actor.json()})
	}
	writeJSON(w, http.StatusOK, out)
}
