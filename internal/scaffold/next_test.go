package scaffold

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
)

// TestNewPicksTheNextFreeID: the next ID follows the highest found by any
// configured glob, by file name or frontmatter id, gaps not reused; a
// story no glob finds does not count.
func TestNewPicksTheNextFreeID(t *testing.T) {
	story := func(id string) string { return string(StoryText(id, "x", at, "")) }
	tests := []struct {
		name  string
		files map[string]string
		globs []string
		want  string
	}{
		{"none yet", nil, []string{StoryGlob}, "STORY-001"},
		{"after the highest, a gap left", map[string]string{"stories/STORY-001.md": story("STORY-001"), "stories/STORY-004.md": story("STORY-004")}, []string{StoryGlob}, "STORY-005"},
		{"several globs", map[string]string{"stories/STORY-002.md": story("STORY-002"), "docs/work/STORY-007.md": story("STORY-007")}, config.Default().Stories, "STORY-008"},
		{"a story no glob finds", map[string]string{"stories/STORY-002.md": story("STORY-002"), "other/STORY-050.md": story("STORY-050")}, []string{StoryGlob}, "STORY-003"},
		{"the id in the frontmatter", map[string]string{"stories/login.md": story("STORY-010")}, []string{StoryGlob}, "STORY-011"},
		{"nested", map[string]string{"stories/auth/STORY-012.md": story("STORY-012")}, []string{StoryGlob}, "STORY-013"},
		{"past 999", map[string]string{"stories/STORY-999.md": story("STORY-999")}, []string{StoryGlob}, "STORY-1000"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeTree(t, root, tc.files)
			rel, id, err := New(NewOptions{Root: root, Title: "Next one", Globs: tc.globs, Now: at})
			if err != nil {
				t.Fatal(err)
			}
			if id != tc.want || rel != "stories/"+tc.want+".md" {
				t.Errorf("wrote %s as %s, want %s", rel, id, tc.want)
			}
			data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
			if err != nil || !strings.Contains(string(data), "id: "+tc.want+"\n") || !strings.Contains(string(data), "# "+tc.want+" Next one\n") {
				t.Errorf("the story does not carry its ID and title (%v):\n%s", err, data)
			}
		})
	}
}

// TestNewRefusesWhatAStoryCannotCarry: an empty, blank, overlong or
// multi-line title is refused (ErrRefused) and nothing is written; so is
// a configuration whose globs would not find the new file. The control:
// a title of exactly MaxTitle characters is written.
func TestNewRefusesWhatAStoryCannotCarry(t *testing.T) {
	tests := []struct {
		name, title string
		globs       []string
		want        string
	}{
		{"empty", "", []string{StoryGlob}, "empty"},
		{"blank", "  \t ", []string{StoryGlob}, "empty"},
		{"overlong", strings.Repeat("a", MaxTitle+1), []string{StoryGlob}, "at most 100"},
		{"two lines", "one\ntwo", []string{StoryGlob}, "one line"},
		{"not UTF-8", "caf\xe9", []string{StoryGlob}, "UTF-8"},
		{"a closing #", "Issue #", []string{StoryGlob}, "ends in #"},
		{"globs elsewhere", "Fine", []string{"work/*.md"}, "would not be found"},
		{"longest", strings.Repeat("é", MaxTitle), []string{StoryGlob}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			_, _, err := New(NewOptions{Root: root, Title: tc.title, Globs: tc.globs, Now: at})
			_, statErr := os.Stat(filepath.Join(root, "stories", "STORY-001.md"))
			if tc.want == "" {
				if err != nil || statErr != nil {
					t.Errorf("the control: %v, %v", err, statErr)
				}
				return
			}
			if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), tc.want) || statErr == nil {
				t.Errorf("err %v (file: %v), want a refusal saying %q and no file", err, statErr, tc.want)
			}
		})
	}
}
