package scaffold

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCreateNeverClobbers: a story is created exclusively; a file that is
// already there (written between planning and writing) is left as it is
// and the write fails. The control: the first create writes.
func TestCreateNeverClobbers(t *testing.T) {
	root := t.TempDir()
	if err := create(root, "stories/STORY-001.md", []byte("first\n")); err != nil {
		t.Fatalf("the control: %v", err)
	}
	if err := create(root, "stories/STORY-001.md", []byte("second\n")); err == nil || !strings.Contains(err.Error(), "stories/STORY-001.md") {
		t.Errorf("the second create: %v, want an error naming the file", err)
	}
	if data, _ := os.ReadFile(filepath.Join(root, "stories", "STORY-001.md")); string(data) != "first\n" {
		t.Errorf("the file now holds %q", data)
	}
}
