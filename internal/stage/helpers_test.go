package stage

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	pipeline "github.com/storygate/storygate/internal/findings"
	"github.com/storygate/storygate/internal/report"
)

var update = flag.Bool("update", false, "rewrite golden files (.out, stage-graph.json, docs section); review them by hand")

// loadFixture loads a stage tree with the shared agents and scopes rosters.
func loadFixture(t *testing.T, fsys fs.FS) *Set {
	t.Helper()
	s, err := LoadStages(fsys, "")
	if err != nil {
		t.Fatalf("load stages: %v", err)
	}
	if s.Agents, err = LoadAgents(os.DirFS("testdata/agents")); err != nil {
		t.Fatalf("load agents: %v", err)
	}
	if s.Scopes, err = LoadScopes(os.DirFS("testdata/scopes")); err != nil {
		t.Fatalf("load scopes: %v", err)
	}
	return s
}

// textReport renders the set's findings the way `stage validate` prints them.
func textReport(t *testing.T, s *Set) string {
	t.Helper()
	var buf bytes.Buffer
	doc := report.Document{Tool: "stage validate", Diagnostics: pipeline.New(pipeline.Options{}).Run(Check(s)).Judged, FilesChecked: len(s.Files)}
	if err := report.Print(&buf, "text", doc); err != nil {
		t.Fatalf("print: %v", err)
	}
	return buf.String()
}

// golden compares got with the file at path, rewriting it under -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden %s (run with -update to create it): %v", path, err)
	}
	if d := UnifiedDiff(path, "got", want, got); d != "" {
		t.Errorf("output differs from %s:\n%s", path, d)
	}
}
