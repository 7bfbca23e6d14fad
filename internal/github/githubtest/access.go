package githubtest

import (
	"fmt"
	"net/http"
	"strconv"
)

// SetPermission gives user a role on repo: admin, maintain, write, triage,
// read or none. Users never given one are unknown to the fake (404).
func (s *Server) SetPermission(repo, user, role string) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	if s.st.permissions[repo] == nil {
		s.st.permissions[repo] = map[string]string{}
	}
	s.st.permissions[repo][user] = role
}

// AddTeamMember puts user in org/team with state "active" or "pending".
func (s *Server) AddTeamMember(org, team, user, state string) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	key := org + "/" + team
	if s.st.teams[key] == nil {
		s.st.teams[key] = map[string]string{}
	}
	s.st.teams[key][user] = state
}

// legacyPermission folds roles into the older permission field as GitHub does.
var legacyPermission = map[string]string{"admin": "admin", "maintain": "write", "write": "write", "triage": "read", "read": "read", "none": "none"}

func (s *Server) getPermission(w http.ResponseWriter, r *request) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	user := r.params["username"]
	role, ok := s.st.permissions[r.repo()][user]
	if !ok {
		writeError(w, http.StatusNotFound, "Not Found")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"permission": legacyPermission[role], "role_name": role, "user": User{Login: user}.json()})
}

func (s *Server) getTeamMembership(w http.ResponseWriter, r *request) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	state, ok := s.st.teams[r.params["org"]+"/"+r.params["team_slug"]][r.params["username"]]
	if !ok {
		writeError(w, http.StatusNotFound, "Not Found")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"url": "https://api.github.com/teams/1/memberships/" + r.params["username"], "role": "member", "state": state})
}

// PullRequest is a pull request in the fake. HeadRepo defaults to the base
// repository; set another to model a fork.
type PullRequest struct {
	Number   int
	Author   User
	Title    string
	Body     string
	Draft    bool
	HeadSHA  string
	HeadRef  string
	HeadRepo string
	BaseSHA  string
	BaseRef  string
}

// AddPullRequest seeds a pull request on repo, replacing one of the same
// number. Its number is shared with issues, as on GitHub.
func (s *Server) AddPullRequest(repo string, pr PullRequest) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	if pr.HeadRepo == "" {
		pr.HeadRepo = repo
	}
	for i, seeded := range s.st.pulls[repo] {
		if seeded.Number == pr.Number {
			s.st.pulls[repo][i] = &pr
			return
		}
	}
	s.st.pulls[repo] = append(s.st.pulls[repo], &pr)
}

// MoveBase sets the base commit GitHub reports for pull request number of
// repo, as when its base branch gets new commits: GitHub's base.sha is the
// branch's tip, not the merge base. It reports whether the pull request
// exists.
func (s *Server) MoveBase(repo string, number int, sha string) bool {
	return s.editPull(repo, number, func(pr *PullRequest) { pr.BaseSHA = sha })
}

func (s *Server) getPull(w http.ResponseWriter, r *request) {
	number, _ := strconv.Atoi(r.params["pull_number"])
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	for _, pr := range s.st.pulls[r.repo()] {
		if pr.Number == number {
			writeJSON(w, http.StatusOK, pr.json(r.repo()))
			return
		}
	}
	writeError(w, http.StatusNotFound, "Not Found")
}

func (pr *PullRequest) json(repo string) map[string]any {
	return map[string]any{
		"number": pr.Number, "state": "open", "title": pr.Title, "body": pr.Body, "draft": pr.Draft, "user": pr.Author.json(),
		"html_url": fmt.Sprintf("https://github.com/%s/pull/%d", repo, pr.Number),
		"head":     map[string]any{"sha": pr.HeadSHA, "ref": pr.HeadRef, "repo": map[string]any{"full_name": pr.HeadRepo}},
		"base":     map[string]any{"sha": pr.BaseSHA, "ref": pr.BaseRef, "repo": map[string]any{"full_name": repo}},
	}
}
