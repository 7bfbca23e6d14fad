package collect

import (
	"slices"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestExpectNamesWhatTheLeftOutGatesWouldWrite: a NoExecution run tells
// Expect the rows the verify gate writes when it reruns a changed story
// that claims work, and the changed stories the revert verdict goes on;
// they are the rows the executing run writes (the control). An unchanged
// story is found, not rerun.
func TestExpectNamesWhatTheLeftOutGatesWouldWrite(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{"stories/STORY-001.md": doneStory(t, "p95_ok")})
	base := repo.Commit("base")
	repo.Write(map[string]string{"pkg/stories/STORY-005.md": doneStory(t, "p95_ok")})
	repo.Commit("a changed story that claims work")
	var got Expected
	called := 0
	expect := func(e Expected) { got, called = e, called+1 }
	runGateWith(t, repo.Root, base, config.Default(), Options{NoExecution: true, Expect: expect})
	executed := runGateWith(t, repo.Root, base, config.Default(), Options{Expect: expect})
	if called != 1 {
		t.Fatalf("Expect called %d times, want once (only with NoExecution)", called)
	}
	changed := "pkg/stories/STORY-005.md"
	if !slices.Equal(got.Rerun, []string{changed}) || !slices.Equal(got.Changed, []string{changed}) ||
		!slices.Equal(got.Stories, []string{changed, "stories/STORY-001.md"}) {
		t.Errorf("expected reruns %v, changed %v, stories %v", got.Rerun, got.Changed, got.Stories)
	}
	var rows []Row
	for _, s := range executed.Stories {
		for _, c := range s.Verification {
			rows = append(rows, Row{ID: c.ID, Command: c.Command})
		}
	}
	if len(rows) != 2 || !slices.Equal(got.Items[changed], rows) {
		t.Errorf("expected rows %v, the executing run wrote %v", got.Items[changed], rows)
	}
}
