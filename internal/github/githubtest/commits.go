package githubtest

import (
	"fmt"
	"net/http"

	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/utils/merkletrie"
)

// getCommit answers GET /repos/{owner}/{repo}/commits/{ref} from the fake's
// copy of the repository (see Backing): a commit SHA, or a branch for its
// head; a commit the fake holds no objects for is 422, as GitHub answers
// for an unknown SHA.
func (s *Server) getCommit(w http.ResponseWriter, r *request) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	ref := r.params["ref"]
	if last := s.st.lastPush(r.repo(), ref); last != nil {
		ref = last.After
	}
	c, ok := s.st.gitStore(r.repo()).commitAt(ref)
	if !ok {
		writeError(w, http.StatusUnprocessableEntity, "No commit found for SHA: "+ref)
		return
	}
	files, err := changedFiles(c)
	if err != nil {
		s.t.Errorf("fake GitHub: files of %s: %v", c.Hash, err)
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, s.commitJSON(r, c, files))
}

func (s *Server) commitJSON(r *request, c *object.Commit, files []map[string]any) map[string]any {
	api := fmt.Sprintf("http://%s/repos/%s/commits/", r.Host, r.repo())
	parents := []map[string]any{}
	for _, p := range c.ParentHashes {
		parents = append(parents, map[string]any{"sha": p.String(), "url": api + p.String()})
	}
	var account any
	if c.Author.Name == Bot.Login {
		account = Bot.json()
	}
	person := func(sig object.Signature) map[string]any {
		return map[string]any{"name": sig.Name, "email": sig.Email, "date": stamp(sig.When)}
	}
	out := map[string]any{
		"sha": c.Hash.String(), "node_id": "C_" + c.Hash.String(), "url": api + c.Hash.String(),
		"html_url": fmt.Sprintf("https://github.com/%s/commit/%s", r.repo(), c.Hash), "author": account, "committer": account,
		"commit": map[string]any{"message": c.Message, "author": person(c.Author), "committer": person(c.Committer),
			"tree": map[string]any{"sha": c.TreeHash.String()}, "comment_count": 0},
		"parents": parents, "files": files,
	}
	if files == nil {
		delete(out, "files") // lists carry no files
	}
	return out
}

// changedFiles lists what c changes against its first parent, as GitHub's
// files array does: the path, the status and the new blob's SHA.
func changedFiles(c *object.Commit) ([]map[string]any, error) {
	tree, err := c.Tree()
	if err != nil {
		return nil, err
	}
	var before *object.Tree
	if c.NumParents() > 0 {
		parent, err := c.Parent(0)
		if err != nil {
			return nil, err
		}
		if before, err = parent.Tree(); err != nil {
			return nil, err
		}
	}
	changes, err := object.DiffTree(before, tree)
	if err != nil {
		return nil, err
	}
	out := []map[string]any{}
	for _, ch := range changes {
		action, err := ch.Action()
		if err != nil {
			return nil, err
		}
		status, entry := "modified", ch.To
		switch action {
		case merkletrie.Insert:
			status = "added"
		case merkletrie.Delete:
			status, entry = "removed", ch.From
		}
		out = append(out, map[string]any{"filename": entry.Name, "status": status, "sha": entry.TreeEntry.Hash.String()})
	}
	return out, nil
}

// listCommits answers GET /repos/{owner}/{repo}/commits: the first-parent
// history from sha (a branch's head, or a commit), newest first, keeping
// the commits that change path when it is given, one page of per_page.
func (s *Server) listCommits(w http.ResponseWriter, r *request) {
	q := r.URL.Query()
	ref := q.Get("sha")
	if ref == "" {
		ref = defaultBranch
	}
	perPage := min(max(queryInt(r, "per_page", 30), 1), 100)
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	if last := s.st.lastPush(r.repo(), ref); last != nil {
		ref = last.After
	}
	c, ok := s.st.gitStore(r.repo()).commitAt(ref)
	out := []map[string]any{}
	for ok && len(out) < perPage {
		touches, err := changes(c, q.Get("path"))
		if err != nil {
			s.t.Errorf("fake GitHub: history of %s: %v", ref, err)
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		if touches {
			out = append(out, s.commitJSON(r, c, nil))
		}
		next, err := c.Parent(0)
		c, ok = next, err == nil
	}
	writeJSON(w, http.StatusOK, out)
}

// changes reports whether c changes p against its first parent (any file
// when p is empty).
func changes(c *object.Commit, p string) (bool, error) {
	files, err := changedFiles(c)
	if err != nil {
		return false, err
	}
	for _, f := range files {
		if p == "" || f["filename"] == p {
			return true, nil
		}
	}
	return false, nil
}
