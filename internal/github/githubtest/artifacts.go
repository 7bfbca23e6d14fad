package githubtest

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
)

// artifact is one artifact of a workflow run: a zip archive.
type artifact struct {
	id    int64
	repo  string
	runID int64
	name  string
	zip   []byte
}

// AddArtifact uploads an artifact called name, the zip archive data, to
// the workflow run runID of repo, and returns its id. GitHub lists it on
// the run and redirects its download to storage outside the API, which
// takes no credentials (a signed URL); so does the fake.
func (s *Server) AddArtifact(repo string, runID int64, name string, data []byte) int64 {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	a := &artifact{id: s.st.id(), repo: repo, runID: runID, name: name, zip: data}
	s.st.artifacts = append(s.st.artifacts, a)
	return a.id
}

func (s *Server) listRunArtifacts(w http.ResponseWriter, r *request) {
	runID, _ := strconv.ParseInt(r.params["run_id"], 10, 64)
	name := r.URL.Query().Get("name")
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	list := []map[string]any{}
	for _, a := range s.st.artifacts {
		if a.repo == r.repo() && a.runID == runID && (name == "" || a.name == name) {
			list = append(list, map[string]any{"id": a.id, "node_id": "MDg6QXJ0aWZhY3Q=", "name": a.name, "size_in_bytes": len(a.zip),
				"url": "https://api.github.com/artifacts", "archive_download_url": "https://api.github.com/zip", "expired": false,
				"created_at": stamp(s.st.clock), "expires_at": stamp(s.st.clock), "updated_at": stamp(s.st.clock)})
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"total_count": len(list), "artifacts": list})
}

// downloadArtifact answers 302 to the archive in the fake's storage.
func (s *Server) downloadArtifact(w http.ResponseWriter, r *request) {
	id, _ := strconv.ParseInt(r.params["artifact_id"], 10, 64)
	if !s.hasArtifact(r.repo(), id) || r.params["archive_format"] != "zip" {
		writeError(w, http.StatusNotFound, "Not Found")
		return
	}
	w.Header().Set("Location", s.blobURL()+"/artifacts/"+strconv.FormatInt(id, 10)+".zip?sig=signed")
	w.WriteHeader(http.StatusFound)
}

func (s *Server) hasArtifact(repo string, id int64) bool {
	_, ok := s.artifactData(repo, id)
	return ok
}

func (s *Server) artifactData(repo string, id int64) ([]byte, bool) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	for _, a := range s.st.artifacts {
		if a.id == id && (repo == "" || a.repo == repo) {
			return a.zip, true
		}
	}
	return nil, false
}

// blobURL starts the storage on first use and returns its root.
func (s *Server) blobURL() string {
	s.blobsOnce.Do(func() {
		s.blobs = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("Authorization") != "" {
				// Storage is not GitHub's API: a client that sends its
				// token there leaks it.
				s.t.Errorf("fake GitHub: the artifact download sent credentials to storage: %s", r.URL)
			}
			idText := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/artifacts/"), ".zip")
			id, _ := strconv.ParseInt(idText, 10, 64)
			data, ok := s.artifactData("", id)
			if !ok || r.URL.Query().Get("sig") != "signed" {
				http.Error(w, "not found", http.StatusNotFound)
				return
			}
			w.Header().Set("Content-Type", "application/zip")
			_, _ = w.Write(data)
		}))
		s.t.Cleanup(s.blobs.Close)
	})
	return s.blobs.URL
}
