package testrepo

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// DemoStory returns a story of the bundled sample repository
// (examples/demo/stories): STORY-001 is done and clean, STORY-002 waits at
// plan_review, STORY-003 has errors of file rules.
func DemoStory(tb testing.TB, name string) string {
	tb.Helper()
	_, self, _, _ := runtime.Caller(0)
	data, err := os.ReadFile(filepath.Join(filepath.Dir(self), "..", "..", "examples", "demo", "stories", name))
	if err != nil {
		tb.Fatal(err)
	}
	return string(data)
}
