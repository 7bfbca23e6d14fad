package pairtest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// artifactStore is GitHub's artifact storage: files by run id and name.
type artifactStore struct {
	mu    sync.Mutex
	files map[string]map[string][]byte
}

func newArtifactStore() *artifactStore {
	return &artifactStore{files: map[string]map[string][]byte{}}
}

func artifactKey(runID, name string) string { return runID + "/" + name }

// put stores an artifact; v4 artifacts are immutable within a run.
func (s *artifactStore) put(runID, name string, files map[string][]byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.files[artifactKey(runID, name)]; ok {
		return fmt.Errorf("an artifact with the name %s already exists in run %s", name, runID)
	}
	s.files[artifactKey(runID, name)] = files
	return nil
}

func (s *artifactStore) get(runID, name string) (map[string][]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	files, ok := s.files[artifactKey(runID, name)]
	return files, ok
}

// uploadArtifact emulates actions/upload-artifact@v4 (4.4 and later) for
// one path (relative to the workspace, or absolute): hidden files and directories (a name starting with '.',
// the path's own included) are left out unless include-hidden-files is
// true; finding nothing is an error, a warning or ignored as
// if-no-files-found says, and uploads nothing.
func (r *runner) uploadArtifact(with map[string]string) error {
	r.t.Helper()
	r.refuseUnknownInputs("actions/upload-artifact@v4", with, "name", "path", "include-hidden-files", "if-no-files-found")
	path := strings.TrimSpace(with["path"])
	if path == "" {
		// path is a required input (an output that was never set, say).
		return errors.New("input required and not supplied: path")
	}
	if strings.ContainsAny(path, "*?[!\n") {
		r.t.Fatalf("the harness uploads one plain path, not %q", path)
	}
	root := path
	if !filepath.IsAbs(root) {
		root = filepath.Join(r.workspace, path)
	}
	files, err := collectUpload(root, with["include-hidden-files"] == "true")
	if err != nil {
		return err
	}
	if len(files) == 0 {
		switch mode := withDefault(with, "if-no-files-found", "warn"); mode {
		case "error":
			return fmt.Errorf("no files were found with the provided path: %s. No artifacts will be uploaded", path)
		case "warn", "ignore":
			fmt.Fprintf(&r.log, "upload-artifact: no files found at %s (%s)\n", path, mode)
			return nil
		default:
			r.t.Fatalf("if-no-files-found %q", mode)
		}
	}
	runID, _ := toString(r.github["run_id"])
	return r.pair.artifacts.put(runID, withDefault(with, "name", "artifact"), files)
}

// collectUpload reads the files under root (or root itself), by their
// path relative to root, as the artifact names them.
func collectUpload(root string, includeHidden bool) (map[string][]byte, error) {
	files := map[string][]byte{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if os.IsNotExist(err) {
			return filepath.SkipAll
		}
		if err != nil {
			return err
		}
		if !includeHidden && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if rel == "." {
			rel = d.Name()
		}
		files[filepath.ToSlash(rel)] = data
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("upload %s: %w", root, err)
	}
	return files, nil
}

// downloadArtifact emulates actions/download-artifact@v4 for one named
// artifact of a run: a missing artifact fails the step.
func (r *runner) downloadArtifact(with map[string]string) error {
	r.t.Helper()
	r.refuseUnknownInputs("actions/download-artifact@v4", with, "name", "path", "run-id", "github-token")
	name, runID := with["name"], with["run-id"]
	if name == "" {
		r.t.Fatalf("the harness downloads one named artifact")
	}
	if runID == "" {
		runID, _ = toString(r.github["run_id"])
	} else if with["github-token"] == "" {
		return fmt.Errorf("downloading from another run needs github-token")
	}
	files, ok := r.pair.artifacts.get(runID, name)
	if !ok {
		return fmt.Errorf("unable to download artifact(s): artifact not found for name: %s (run %s)", name, runID)
	}
	dest := filepath.Join(r.workspace, withDefault(with, "path", "."))
	for rel, data := range files {
		p := filepath.Join(dest, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("download %s: %w", rel, err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return fmt.Errorf("download %s: %w", rel, err)
		}
	}
	return nil
}
