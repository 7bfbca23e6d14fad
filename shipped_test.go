package storygate

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestWorkflowNamesAreTheShippedFiles: WorkflowNames lists exactly the
// storygate*.yml files of .github/workflows, each embedded byte for byte,
// so the adoption rule (internal/lint) knows every file init can write.
func TestWorkflowNamesAreTheShippedFiles(t *testing.T) {
	entries, err := os.ReadDir(WorkflowDir)
	if err != nil {
		t.Fatal(err)
	}
	var onDisk []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "storygate") && strings.HasSuffix(e.Name(), ".yml") {
			onDisk = append(onDisk, e.Name())
		}
	}
	if got := slices.Sorted(slices.Values(WorkflowNames())); !slices.Equal(got, onDisk) {
		t.Errorf("WorkflowNames %v, want the shipped files %v", got, onDisk)
	}
	for _, name := range WorkflowNames() {
		embedded, err := Workflow(name)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(WorkflowDir, name))
		if err != nil || string(embedded) != string(want) {
			t.Errorf("%s: embedded copy differs from the file (%v)", name, err)
		}
	}
}
