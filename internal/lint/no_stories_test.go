package lint

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestADirectoryWithoutStoriesIsRefused: a named directory that yields
// no story is ErrNoStories, naming it, through both discoveries (one walk
// of the root, and each path apart, which a link or a skipped directory
// takes); the control, the same call with a story in the directory,
// finds it.
func TestADirectoryWithoutStoriesIsRefused(t *testing.T) {
	root := t.TempDir()
	write(t, root, "notes/README.md", []byte("# Notes\n"))
	write(t, root, "stories/STORY-001.md", []byte("---\nschema: enso.story/v1\n---\n"))
	write(t, root, "testdata/notes/README.md", []byte("# Fixture notes\n"))
	write(t, root, "testdata/stories/STORY-009.md", []byte("---\nschema: enso.story/v1\n---\n"))
	if err := os.Symlink(filepath.Join(root, "notes"), filepath.Join(root, "linked-notes")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "stories"), filepath.Join(root, "linked-stories")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ empty, full string }{
		{"notes", "stories"},                   // one walk of the root
		{"testdata/notes", "testdata/stories"}, // under a skipped directory: each path apart
		{"linked-notes", "linked-stories"},     // a named link: each path apart
	} {
		for name, find := range map[string]func([]string) ([]string, error){
			"discover":    func(p []string) ([]string, error) { targets, _, err := discover(root, p, nil); return targets, err },
			"FindStories": func(p []string) ([]string, error) { return FindStories(root, p, nil) },
		} {
			_, err := find([]string{filepath.Join(root, c.full), filepath.Join(root, c.empty)})
			if !errors.Is(err, ErrNoStories) || !strings.Contains(err.Error(), c.empty) {
				t.Errorf("%s %s: err %v, want ErrNoStories naming it", name, c.empty, err)
			}
			got, err := find([]string{filepath.Join(root, c.full)})
			if err != nil || len(got) != 1 {
				t.Errorf("control %s %s: %v, %v; want its one story", name, c.full, got, err)
			}
		}
	}
}
