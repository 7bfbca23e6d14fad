package stage

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixtureName maps a rule ID to its fixture directory under testdata/rules.
func fixtureName(id string) string { return strings.TrimPrefix(id, "stage/") }

func TestEveryRuleHasAFailingFixture(t *testing.T) {
	for _, r := range Rules() {
		t.Run(r.ID, func(t *testing.T) {
			dir := filepath.Join("testdata", "rules", fixtureName(r.ID))
			if _, err := os.Stat(dir); err != nil {
				t.Fatalf("rule %s has no fixture directory %s", r.ID, dir)
			}
			got := textReport(t, loadFixture(t, os.DirFS(dir)))
			if !strings.Contains(got, "["+r.ID+"]") {
				t.Errorf("fixture %s does not trigger %s; output:\n%s", dir, r.ID, got)
			}
			golden(t, dir+".out", []byte(got))
		})
	}
}

func TestNoFixtureWithoutARule(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("testdata", "rules"))
	if err != nil {
		t.Fatal(err)
	}
	registered := map[string]bool{}
	for _, r := range Rules() {
		registered[r.ID] = true
	}
	for _, e := range entries {
		if e.IsDir() && !registered["stage/"+e.Name()] {
			t.Errorf("testdata/rules/%s has no registered rule stage/%s", e.Name(), e.Name())
		}
	}
}

func TestRuleMetadata(t *testing.T) {
	for _, r := range Rules() {
		if !strings.HasPrefix(r.ID, "stage/") || r.Summary == "" {
			t.Errorf("rule %q needs the stage/ prefix and a summary", r.ID)
		}
		if r.file != nil && r.set != nil {
			t.Errorf("rule %s is both a file and a set rule", r.ID)
		}
	}
}
