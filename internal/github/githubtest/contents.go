package githubtest

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"path"
)

// defaultBranch is used when a contents request names no ref or branch.
const defaultBranch = "main"

type file struct {
	content []byte
	sha     string
}

// Commit is one commit the contents API made.
type Commit struct {
	SHA     string
	Path    string
	Message string
	// BlobSHA is the file's new version.
	BlobSHA string
}

func fileKey(branch, p string) string { return branch + "\x00" + p }

// SetFile puts content at path on branch (as a push would) and returns the
// blob SHA.
func (s *Server) SetFile(repo, branch, p string, content []byte) string {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	return s.st.setFile(repo, branch, p, content)
}

// File returns the content and blob SHA at path on branch.
func (s *Server) File(repo, branch, p string) (content []byte, sha string, ok bool) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	f, ok := s.st.files[repo][fileKey(branch, p)]
	if !ok {
		return nil, "", false
	}
	return append([]byte(nil), f.content...), f.sha, true
}

// Commits returns the commits the contents API made on branch.
func (s *Server) Commits(repo, branch string) []Commit {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	return append([]Commit(nil), s.st.commits[repo+"\x00"+branch]...)
}

// ConcurrentPushOnce makes the next write to path on branch race a push:
// just before it lands, mutate rewrites the file (a new blob SHA), so the
// write, based on the old SHA, gets GitHub's 409. Later writes are normal.
func (s *Server) ConcurrentPushOnce(repo, branch, p string, mutate func(old []byte) []byte) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	s.st.concurrentPushes[repo+"\x00"+fileKey(branch, p)] = racingPush{mutate: mutate}
}

// RacingCommitOnce is ConcurrentPushOnce with the racing push a commit:
// actor pushes, on top of branch's head, a commit with message that sets
// path to mutate(old), made in the fake's own repository (see Backing) and
// recorded as actor's push, just before the next write to path lands.
func (s *Server) RacingCommitOnce(repo, branch, p, message string, actor User, mutate func(old []byte) []byte) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	s.st.concurrentPushes[repo+"\x00"+fileKey(branch, p)] = racingPush{mutate: mutate, message: message, actor: &actor}
}

// racingPush is a pending ConcurrentPushOnce or RacingCommitOnce.
type racingPush struct {
	mutate  func(old []byte) []byte
	message string
	// actor, when set, makes the push a commit recorded as actor's push.
	actor *User
}

func (st *state) setFile(repo, branch, p string, content []byte) string {
	if st.files[repo] == nil {
		st.files[repo] = map[string]*file{}
	}
	f := &file{content: append([]byte(nil), content...), sha: blobSHA(content)}
	st.files[repo][fileKey(branch, p)] = f
	return f.sha
}

func (s *Server) getContents(w http.ResponseWriter, r *request) {
	branch := r.URL.Query().Get("ref")
	if branch == "" {
		branch = defaultBranch
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	f, ok := s.st.fileAt(r.repo(), branch, r.params["path"])
	if !ok {
		writeError(w, http.StatusNotFound, "Not Found")
		return
	}
	writeJSON(w, http.StatusOK, fileJSON(r.params["path"], f, true))
}

// fileAt is path at ref: a commit of the fake's repository (see Backing),
// else a branch.
func (st *state) fileAt(repo, ref, p string) (*file, bool) {
	c, ok := st.gitStore(repo).commitAt(ref)
	if !ok {
		f, ok := st.files[repo][fileKey(ref, p)]
		return f, ok
	}
	blob, err := c.File(p)
	if err != nil {
		return nil, false
	}
	content, err := blob.Contents()
	if err != nil {
		return nil, false
	}
	return &file{content: []byte(content), sha: blob.Hash.String()}, true
}

func fileJSON(p string, f *file, withContent bool) map[string]any {
	out := map[string]any{"type": "file", "path": p, "name": path.Base(p), "sha": f.sha, "size": len(f.content)}
	if withContent {
		out["encoding"], out["content"] = "base64", base64.StdEncoding.EncodeToString(f.content)
	}
	return out
}

type putContentsBody struct {
	Message string `json:"message"`
	Content string `json:"content"`
	SHA     string `json:"sha"`
	Branch  string `json:"branch"`
}

// putContents follows GitHub: a stale sha is 409, a missing sha for an
// existing file is 422, and a write never overwrites a newer version.
func (s *Server) putContents(w http.ResponseWriter, r *request) {
	var body putContentsBody
	if err := r.decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	content, err := base64.StdEncoding.DecodeString(body.Content)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, "content is not valid Base64")
		return
	}
	if body.Branch == "" {
		body.Branch = defaultBranch
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	if err := s.st.raceConcurrentPush(r.repo(), body.Branch, r.params["path"]); err != nil {
		s.t.Errorf("fake GitHub: racing push: %v", err)
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if status, msg := s.st.checkBase(r.repo(), body, r.params["path"]); status != 0 {
		writeError(w, status, msg)
		return
	}
	s.commitFile(w, r.Request, r.repo(), r.params["path"], body, content)
}

func (st *state) raceConcurrentPush(repo, branch, p string) error {
	key := repo + "\x00" + fileKey(branch, p)
	race, ok := st.concurrentPushes[key]
	if !ok {
		return nil
	}
	delete(st.concurrentPushes, key)
	var old []byte
	if f, ok := st.files[repo][fileKey(branch, p)]; ok {
		old = f.content
	}
	content := race.mutate(old)
	st.setFile(repo, branch, p, content)
	if race.actor == nil {
		return nil
	}
	_, err := st.commit(repo, branch, p, race.message, content, *race.actor)
	return err
}

// checkBase compares the write's sha with the file's current one.
func (st *state) checkBase(repo string, body putContentsBody, p string) (int, string) {
	f, exists := st.files[repo][fileKey(body.Branch, p)]
	switch {
	case exists && body.SHA == "":
		return http.StatusUnprocessableEntity, "Invalid request.\n\n\"sha\" wasn't supplied."
	case exists && body.SHA != f.sha:
		return http.StatusConflict, fmt.Sprintf("%s does not match %s", p, body.SHA)
	case !exists && body.SHA != "":
		return http.StatusNotFound, "Not Found"
	}
	return 0, ""
}

func (s *Server) commitFile(w http.ResponseWriter, r *http.Request, repo, p string, body putContentsBody, content []byte) {
	created := s.st.files[repo][fileKey(body.Branch, p)] == nil
	s.st.setFile(repo, body.Branch, p, content)
	// The push is the caller's: GITHUB_TOKEN's Bot, or the App whose
	// installation token wrote.
	actor, _ := s.poster(r)
	c, err := s.st.commit(repo, body.Branch, p, body.Message, content, actor)
	if err != nil {
		s.t.Errorf("fake GitHub: %v", err)
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	key := repo + "\x00" + body.Branch
	s.st.commits[key] = append(s.st.commits[key], c)
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, map[string]any{
		"content": fileJSON(p, s.st.files[repo][fileKey(body.Branch, p)], false),
		"commit":  map[string]any{"sha": c.SHA, "message": c.Message},
	})
}

// commit makes the commit that sets p to content on branch, in the fake's
// own repository when the branch's head is known there (else with a
// made-up SHA), and records it as actor's push.
func (st *state) commit(repo, branch, p, message string, content []byte, actor User) (Commit, error) {
	c := Commit{SHA: fakeSHA(repo, st.id()), Path: p, Message: message, BlobSHA: blobSHA(content)}
	if last := st.lastPush(repo, branch); last != nil {
		sha, ok, err := st.gitStore(repo).commitFile(last.After, p, content, message, st.clock)
		if err != nil {
			return Commit{}, fmt.Errorf("commit %s on %s of %s: %w", p, branch, repo, err)
		}
		if ok {
			c.SHA = sha
		}
	}
	st.push(repo, branch, c.SHA, actor)
	return c, nil
}
