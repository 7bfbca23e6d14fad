package collect

import (
	"os"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestSlimStoriesKeepTheReport: lint slims every story of a run without a
// base, yet each story's report entry keeps its transitions and a done
// story's verification still reruns, from what the gate took of the story
// before it was slimmed.
func TestSlimStoriesKeepTheReport(t *testing.T) {
	t.Parallel()
	repo := testrepo.New(t)
	repo.Write(map[string]string{"stories/STORY-001.md": doneStory(t, "p95_ok"), "stories/STORY-002.md": demoStory(t, "STORY-002.md")})
	repo.Commit("stories")
	res := runGate(t, repo, "", Options{Environ: []string{"PATH=" + os.Getenv("PATH")}, Filter: config.FilterAll}) // all: the committed stories differ from nothing
	if len(res.Stories) != 2 {
		t.Fatalf("reported stories: %+v", res.Stories)
	}
	done, pending := res.Stories[0], res.Stories[1]
	if len(done.Transitions) < 5 || done.Transitions[len(done.Transitions)-1].To != "done" {
		t.Errorf("done story's transitions: %+v", done.Transitions)
	}
	if len(pending.Transitions) != 2 || pending.Transitions[1].To != "plan_review" || pending.State != "plan_review" {
		t.Errorf("pending story: %+v", pending)
	}
	if v := done.Verification; len(v) != 2 || v[1].Verdict != "pass" {
		t.Errorf("verification of the done story: %+v", v)
	}
	if got := conclusion(t, res, gate.Verify); got != gate.Success {
		t.Errorf("verify = %s, want success", got)
	}
}
