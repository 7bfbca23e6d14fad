package bot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
)

// untouchedHarness is a pull request whose base holds a broken story
// (STORY-003) and one waiting at a human gate (STORY-002), neither of
// which the change touches, and whose change edits the clean STORY-001;
// edit changes the head further.
func untouchedHarness(t *testing.T, edit func(h *harness)) *harness {
	h := newHarness(t)
	done, err := os.ReadFile(filepath.Join(h.repo.Root, "stories", "STORY-001.md"))
	if err != nil {
		t.Fatal(err)
	}
	h.base = h.head
	h.repo.Write(map[string]string{"stories/STORY-001.md": string(done) + "\n<!-- reviewed -->\n"})
	edit(h)
	h.head = h.repo.Commit("touch STORY-001 only")
	h.event("pull_request", "pull_request.synchronize")
	return h
}

// TestActionUntouchedBrokenStoryDoesNotBlock: storygate / stories
// succeeds, nothing is annotated for the untouched stories, and the comment
// lists their findings apart.
func TestActionUntouchedBrokenStoryDoesNotBlock(t *testing.T) {
	h := untouchedHarness(t, func(*harness) {})
	if code := h.action(); code != passed {
		t.Fatalf("got %s, want passed\n%s", code, h.stderr.String())
	}
	if got := h.checkRuns()["storygate / stories"]; got != "success" {
		t.Errorf("storygate / stories = %s, want success (the broken story is untouched)", got)
	}
	stories, _ := h.document().Gate(gate.Stories)
	if len(stories.Diagnostics) != 0 || len(stories.Untouched) == 0 || !strings.Contains(stories.Title, "this change did not touch") {
		t.Errorf("stories gate: %d judged, %d untouched, title %q", len(stories.Diagnostics), len(stories.Untouched), stories.Title)
	}
	for _, r := range h.fake.CheckRuns() {
		if len(r.Annotations) != 0 {
			t.Errorf("%s annotates %d findings of untouched stories", r.Name, len(r.Annotations))
		}
	}
	comments := h.fake.Comments(prRepo, prNumber)
	if len(comments) != 1 {
		t.Fatalf("%d comments, want one", len(comments))
	}
	body := comments[0].Body
	untouched := body[strings.Index(body, "### Untouched stories"):]
	if !strings.Contains(body, "### Untouched stories") || !strings.Contains(untouched, "stories/STORY-003.md") ||
		!strings.Contains(untouched, "hitl/pending") || strings.Contains(body, "### STORY-003") {
		t.Errorf("the comment must list the untouched findings apart:\n%s", body)
	}
}

// TestActionBrokenChangedStoryStillFails is the honest control: the same
// broken story, edited by the change, fails the check.
func TestActionBrokenChangedStoryStillFails(t *testing.T) {
	h := untouchedHarness(t, func(h *harness) {
		h.repo.Write(map[string]string{"stories/STORY-003.md": demoFile(t, "STORY-003.md") + "\n"})
	})
	if code := h.action(); code != failed {
		t.Fatalf("got %s, want failed\n%s", code, h.stderr.String())
	}
	if got := h.checkRuns()["storygate / stories"]; got != "failure" {
		t.Errorf("storygate / stories = %s, want failure", got)
	}
}

// TestActionMovingABrokenStoryDoesNotHideIt: a move is a change; the
// findings follow the story to its new path and fail the check.
func TestActionMovingABrokenStoryDoesNotHideIt(t *testing.T) {
	h := untouchedHarness(t, func(h *harness) {
		h.repo.Remove("stories/STORY-003.md")
		h.repo.Write(map[string]string{"stories/archive/STORY-003.md": demoFile(t, "STORY-003.md")})
	})
	if code := h.action(); code != failed {
		t.Fatalf("got %s, want failed\n%s", code, h.stderr.String())
	}
	stories, _ := h.document().Gate(gate.Stories)
	if stories.Conclusion != gate.Failure || !strings.Contains(stories.Diagnostics[0].File, "archive/STORY-003.md") {
		t.Errorf("stories gate after a move: %+v", stories)
	}
}

// TestActionFilterAllJudgesEveryStory: --filter all (the action's filter
// input) turns the untouched findings back into judged ones.
func TestActionFilterAllJudgesEveryStory(t *testing.T) {
	h := untouchedHarness(t, func(*harness) {})
	if code := h.action(func(o *ActionOptions) { o.Filter = "all" }); code != failed {
		t.Fatalf("got %s, want failed\n%s", code, h.stderr.String())
	}
	if code := h.action(func(o *ActionOptions) { o.Filter = "new" }); code != usageFailure {
		t.Errorf("an unknown filter mode: got %s, want a usage error", code)
	}
}

// TestActionDeletingABrokenStoryDoesNotHideIt: a deletion is a change too;
// deleting a story with history is judged (authority/append-only), so it
// is no way around its findings.
func TestActionDeletingABrokenStoryDoesNotHideIt(t *testing.T) {
	h := untouchedHarness(t, func(h *harness) { h.repo.Remove("stories/STORY-003.md") })
	if code := h.action(); code != failed {
		t.Fatalf("got %s, want failed\n%s", code, h.stderr.String())
	}
	stories, _ := h.document().Gate(gate.Stories)
	for _, d := range stories.Untouched {
		if d.File == "stories/STORY-003.md" {
			t.Errorf("the deleted story is reported as untouched: %v", d)
		}
	}
}
