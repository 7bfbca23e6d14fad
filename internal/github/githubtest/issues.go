package githubtest

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
)

// Issue is an issue in the fake.
type Issue struct {
	Number int
	Title  string
	Body   string
	State  string
	Labels []string
	// Author opened the issue, through the app App (0: none); a seeded
	// issue with no Author is github-actions[bot]'s, through GitHub
	// Actions, as a workflow's GITHUB_TOKEN opens one.
	Author User
	App    int64
}

// AddIssue seeds an issue and returns its number.
func (s *Server) AddIssue(repo string, is Issue) int {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	if is.State == "" {
		is.State = "open"
	}
	if is.Author.Login == "" {
		is.Author, is.App = Bot, ActionsAppID
	}
	is.Number = s.st.nextNumber(repo)
	s.st.issues[repo] = append(s.st.issues[repo], &is)
	return is.Number
}

// Issues returns copies of repo's issues (not pull requests), oldest first.
func (s *Server) Issues(repo string) []Issue {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	out := make([]Issue, 0, len(s.st.issues[repo]))
	for _, is := range s.st.issues[repo] {
		cp := *is
		cp.Labels = slices.Clone(is.Labels)
		out = append(out, cp)
	}
	return out
}

// nextNumber continues the numbering issues and pull requests share.
func (st *state) nextNumber(repo string) int {
	n := 0
	for _, is := range st.issues[repo] {
		n = max(n, is.Number)
	}
	for _, pr := range st.pulls[repo] {
		n = max(n, pr.Number)
	}
	return n + 1
}

func (is *Issue) json(repo string) map[string]any {
	labels := []map[string]any{}
	for _, l := range is.Labels {
		labels = append(labels, map[string]any{"name": l})
	}
	return map[string]any{
		"number": is.Number, "title": is.Title, "body": is.Body, "state": is.State, "labels": labels,
		"html_url": fmt.Sprintf("https://github.com/%s/issues/%d", repo, is.Number), "user": is.Author.json(),
		"performed_via_github_app": appJSON(is.App),
	}
}

// listIssues lists issues and, as GitHub does, pull requests (marked by a
// pull_request key), filtered by state and sorted by creation.
func (s *Server) listIssues(w http.ResponseWriter, r *request) {
	state := r.URL.Query().Get("state")
	if state == "" {
		state = "open"
	}
	items := s.issueItems(r.repo(), state)
	if r.URL.Query().Get("direction") != "asc" {
		slices.Reverse(items)
	}
	writeJSON(w, http.StatusOK, orEmpty(page(w, r, items)))
}

// issueItems returns matching issues and pull requests by number, which is
// creation order.
func (s *Server) issueItems(repo, state string) []map[string]any {
	missed := s.missedByThisRead(lateIssue)
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	byNumber := map[int]map[string]any{}
	for _, is := range s.st.issues[repo] {
		if (state == "all" || is.State == state) && !missed[fmt.Sprintf("%s#%d", repo, is.Number)] {
			byNumber[is.Number] = is.json(repo)
		}
	}
	for _, pr := range s.st.pulls[repo] {
		if state == "all" || state == "open" {
			item := pr.json(repo)
			item["pull_request"] = map[string]any{"url": fmt.Sprintf("https://api.github.com/repos/%s/pulls/%d", repo, pr.Number)}
			byNumber[pr.Number] = item
		}
	}
	numbers := slices.Sorted(maps.Keys(byNumber))
	out := make([]map[string]any, 0, len(numbers))
	for _, n := range numbers {
		out = append(out, byNumber[n])
	}
	return out
}

type issueBody struct {
	Title  *string  `json:"title"`
	Body   *string  `json:"body"`
	State  *string  `json:"state"`
	Labels []string `json:"labels"`
}

func (s *Server) createIssue(w http.ResponseWriter, r *request) {
	var body issueBody
	if err := r.decode(&body); err != nil || body.Title == nil {
		writeError(w, http.StatusUnprocessableEntity, "Validation Failed")
		return
	}
	is := Issue{Title: *body.Title, Labels: body.Labels}
	setIf(&is.Body, body.Body)
	s.st.mu.Lock()
	is.Author, is.App = s.poster(r.Request)
	s.st.mu.Unlock()
	n := s.AddIssue(r.repo(), is)
	is.Number, is.State = n, "open"
	writeJSON(w, http.StatusCreated, is.json(r.repo()))
}

func (s *Server) editIssue(w http.ResponseWriter, r *request) {
	var body issueBody
	if err := r.decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	number, _ := strconv.Atoi(r.params["issue_number"])
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	for _, is := range s.st.issues[r.repo()] {
		if is.Number == number {
			setIf(&is.Title, body.Title)
			setIf(&is.Body, body.Body)
			setIf(&is.State, body.State)
			writeJSON(w, http.StatusOK, is.json(r.repo()))
			return
		}
	}
	writeError(w, http.StatusNotFound, "Not Found")
}
