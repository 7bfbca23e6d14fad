package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestMessagesNameAPathOnce: a missing input is named once, with the
// file system's cause ("story path /abs: no such file or directory", not
// "story path /abs: lstat /abs: …"), and the exit code stays the
// contract's.
func TestMessagesNameAPathOnce(t *testing.T) {
	dir := vRepo(t, map[string]string{"stories/STORY-001.md": verifyStory("STORY-001", "evaluating", [][2]string{{"V1", "true"}}, nil)})
	missing := filepath.Join(dir, "stories", "nope.md")
	gone := filepath.Join(t.TempDir(), "gone")
	tests := []struct {
		args []string
		path string
		want string
	}{
		{[]string{"validate", "--root", dir, missing}, missing, "story path " + missing + ": no such file or directory"},
		{[]string{"verify", "--root", dir, missing}, missing, "story path " + missing + ": no such file or directory"},
		{[]string{"validate", "--root", gone}, gone, gone + ": no such file or directory"},
		{[]string{"merge-results", filepath.Join(dir, "shard.json")}, filepath.Join(dir, "shard.json"), "read " + filepath.Join(dir, "shard.json") + ": no such file or directory"},
		// The directory above is another path, which the cause names.
		{[]string{"merge-results", filepath.Join(gone, "shard.json")}, filepath.Join(gone, "shard.json"), ": lstat " + gone + ": no such file"},
		{[]string{"transition", "--event", "start_generation", "--actor", "orchestrator", missing}, missing, missing + ": no such file or directory"},
	}
	for _, tt := range tests {
		code, _, stderr := run(t, tt.args...)
		if code == ExitOK || code == ExitFindings {
			t.Errorf("%v: exit %d", tt.args, code)
		}
		if n := strings.Count(stderr, tt.path); n != 1 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: names %s %d times, want once as %q:\n%s", tt.args, tt.path, n, tt.want, stderr)
		}
	}
}
