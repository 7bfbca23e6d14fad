package githubtest

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Comment is an issue or pull request comment in the fake.
type Comment struct {
	ID        int64
	Repo      string
	Issue     int
	Body      string
	Author    User
	CreatedAt time.Time
	UpdatedAt time.Time
	Reactions []string
	// App is the id of the app the comment was performed via (0: none);
	// comments the fake's API writes are GitHub Actions'.
	App int64
}

// AddComment seeds a comment by author and returns its ID. One by Bot is
// performed via GitHub Actions, as github-actions[bot]'s always are.
func (s *Server) AddComment(repo string, issue int, author User, body string) int64 {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	c := s.st.addComment(repo, issue, author, body)
	if author == Bot {
		c.App = ActionsAppID
	}
	return c.ID
}

// AddAppComment seeds a comment posted by author through the app appID,
// e.g. a workflow's GITHUB_TOKEN (ActionsAppID) or another app.
func (s *Server) AddAppComment(repo string, issue int, author User, appID int64, body string) int64 {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	c := s.st.addComment(repo, issue, author, body)
	c.App = appID
	return c.ID
}

// EditComment changes a comment's body as its author would, moving its
// update time past its creation time.
func (s *Server) EditComment(id int64, body string) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	if c := s.st.comment("", id); c != nil {
		c.Body, c.UpdatedAt = body, s.st.tick()
	}
}

// Comments returns copies of the comments on one issue or pull request.
func (s *Server) Comments(repo string, issue int) []Comment {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	var out []Comment
	for _, c := range s.st.comments {
		if c.Repo == repo && c.Issue == issue {
			cp := *c
			cp.Reactions = append([]string(nil), c.Reactions...)
			out = append(out, cp)
		}
	}
	return out
}

func (st *state) addComment(repo string, issue int, author User, body string) *Comment {
	now := st.tick()
	c := &Comment{ID: st.id(), Repo: repo, Issue: issue, Body: body, Author: author, CreatedAt: now, UpdatedAt: now}
	st.comments = append(st.comments, c)
	return c
}

// comment finds a comment by id, in repo unless repo is empty.
func (st *state) comment(repo string, id int64) *Comment {
	for _, c := range st.comments {
		if c.ID == id && (repo == "" || c.Repo == repo) {
			return c
		}
	}
	return nil
}

func (c *Comment) json() map[string]any {
	return map[string]any{
		"id": c.ID, "body": c.Body, "user": c.Author.json(),
		"created_at": stamp(c.CreatedAt), "updated_at": stamp(c.UpdatedAt),
		"html_url":           fmt.Sprintf("https://github.com/%s/pull/%d#issuecomment-%d", c.Repo, c.Issue, c.ID),
		"issue_url":          fmt.Sprintf("https://api.github.com/repos/%s/issues/%d", c.Repo, c.Issue),
		"author_association": "NONE", "performed_via_github_app": appJSON(c.App),
	}
}

func appJSON(id int64) any {
	if id == 0 {
		return nil
	}
	slug := strings.TrimSuffix(AppBot(id).Login, "[bot]")
	if id == ActionsAppID {
		slug = "github-actions"
	}
	return map[string]any{"id": id, "slug": slug, "node_id": "MDM6QXBw", "name": slug}
}

func (s *Server) listComments(w http.ResponseWriter, r *request) {
	issue, _ := strconv.Atoi(r.params["issue_number"])
	missed := s.missedByThisRead(lateComment)
	var all []map[string]any
	for _, c := range s.Comments(r.repo(), issue) {
		if !missed[strconv.FormatInt(c.ID, 10)] {
			all = append(all, c.json())
		}
	}
	writeJSON(w, http.StatusOK, orEmpty(page(w, r, all)))
}

func (s *Server) createComment(w http.ResponseWriter, r *request) {
	var body struct {
		Body string `json:"body"`
	}
	if err := r.decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	issue, _ := strconv.Atoi(r.params["issue_number"])
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	author, app := s.poster(r.Request)
	c := s.st.addComment(r.repo(), issue, author, body.Body)
	c.App = app
	writeJSON(w, http.StatusCreated, c.json())
}

func (s *Server) getComment(w http.ResponseWriter, r *request) {
	s.withComment(w, r, func(c *Comment) { writeJSON(w, http.StatusOK, c.json()) })
}

func (s *Server) editComment(w http.ResponseWriter, r *request) {
	var body struct {
		Body string `json:"body"`
	}
	if err := r.decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.withComment(w, r, func(c *Comment) {
		c.Body, c.UpdatedAt = body.Body, s.st.tick()
		writeJSON(w, http.StatusOK, c.json())
	})
}

// deleteComment removes a comment; GitHub answers 204 with no body.
func (s *Server) deleteComment(w http.ResponseWriter, r *request) {
	id, _ := strconv.ParseInt(r.params["comment_id"], 10, 64)
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	i := slices.IndexFunc(s.st.comments, func(c *Comment) bool { return c.ID == id && c.Repo == r.repo() })
	if i < 0 {
		writeError(w, http.StatusNotFound, "Not Found")
		return
	}
	s.st.comments = slices.Delete(s.st.comments, i, i+1)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) createReaction(w http.ResponseWriter, r *request) {
	var body struct {
		Content string `json:"content"`
	}
	if err := r.decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.withComment(w, r, func(c *Comment) {
		c.Reactions = append(c.Reactions, body.Content)
		writeJSON(w, http.StatusCreated, map[string]any{"id": s.st.id(), "content": body.Content, "user": Bot.json(), "created_at": stamp(s.st.clock)})
	})
}

// withComment runs f on the path's comment under the lock, or answers 404.
func (s *Server) withComment(w http.ResponseWriter, r *request, f func(*Comment)) {
	id, _ := strconv.ParseInt(r.params["comment_id"], 10, 64)
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	c := s.st.comment(r.repo(), id)
	if c == nil {
		writeError(w, http.StatusNotFound, "Not Found")
		return
	}
	f(c)
}

// orEmpty makes a nil list encode as [] rather than null.
func orEmpty[E any](items []E) []E {
	if items == nil {
		return []E{}
	}
	return items
}
