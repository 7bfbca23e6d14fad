package githubtest

import (
	"net/http"
	"strconv"
	"strings"
)

// WithTokenUser makes the server's token a person's (or a machine
// user's) own token, as a personal access token is: GET /user answers
// with u, and what the token writes is u's, through no app. Without it
// the token is a workflow's GITHUB_TOKEN: GET /user is refused and its
// writes are github-actions[bot]'s through GitHub Actions.
func WithTokenUser(u User) Option {
	return func(s *Server) { s.tokenUser = &u }
}

// AppBot is the account a GitHub App of the fake posts as, through it.
func AppBot(appID int64) User {
	return User{Login: "app-" + strconv.FormatInt(appID, 10) + "[bot]", Type: "Bot"}
}

// poster is the account r's credentials write as, and the app they write
// through (0 for none). Callers hold the lock.
func (s *Server) poster(r *http.Request) (User, int64) {
	_, cred, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	if app := s.st.installationTokens[cred]; app != 0 {
		return AppBot(app), app
	}
	if s.tokenUser != nil {
		return *s.tokenUser, 0
	}
	return Bot, ActionsAppID
}

// getAuthenticatedUser answers GET /user as GitHub does: a person's token
// gets its user; an installation token (an app's, or GITHUB_TOKEN) is
// refused, GitHub having no user to name.
func (s *Server) getAuthenticatedUser(w http.ResponseWriter, r *request) {
	s.st.mu.Lock()
	u, app := s.poster(r.Request)
	s.st.mu.Unlock()
	if app != 0 {
		writeError(w, http.StatusForbidden, "Resource not accessible by integration")
		return
	}
	writeJSON(w, http.StatusOK, u.json())
}
