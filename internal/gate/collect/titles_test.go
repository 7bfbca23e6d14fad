package collect

import (
	"os"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
)

// legacyStory is a file from before enso.story/v1 under the story globs:
// discovery sets it apart (structure/not-a-story), so it is no story.
const legacyStory = "---\nid: STORY-900\nstatus: in-progress\n---\n\n# STORY-900 Paginate the order list\n\n## Description\nReturn orders in pages of 50.\n"

// unreadableStory is the demo's STORY-002 with a frontmatter that does not
// parse: what it claims cannot be read.
func unreadableStory(t *testing.T) string {
	s := demoStory(t, "STORY-002.md")
	if !strings.Contains(s, "state: plan_review\n") {
		t.Fatal("the demo STORY-002 is no longer at plan_review")
	}
	return strings.Replace(s, "state: plan_review\n", "state: [plan_review\n", 1)
}

// gateTitle runs the gate on the change that writes files and returns the
// title of gate n.
func gateTitle(t *testing.T, files map[string]string, n gate.Name) string {
	t.Helper()
	repo := testrepo.New(t)
	base := repo.Commit("empty")
	repo.Write(files)
	repo.Commit("change")
	res := runGate(t, repo, base, Options{Environ: []string{"PATH=" + os.Getenv("PATH")}})
	g, ok := res.Gate(n)
	if !ok {
		t.Fatalf("no %s gate in %+v", n, res.Gates)
	}
	return g.Title
}

// TestVerifyTitleNamesAStoryThatCouldNotBeRead: a changed story whose
// frontmatter does not parse is not "no verification to rerun": the title
// says it could not be read, alone or beside the reruns; the control (the
// same story intact, nothing to rerun yet) keeps the old title.
func TestVerifyTitleNamesAStoryThatCouldNotBeRead(t *testing.T) {
	const cannot = "1 story could not be read (its frontmatter is missing or did not parse), so its verification could not be rerun"
	cases := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"unreadable alone", map[string]string{"stories/STORY-002.md": unreadableStory(t)}, cannot},
		{"unreadable beside a rerun", map[string]string{"stories/STORY-001.md": doneStory(t, "p95_ok"), "stories/STORY-002.md": unreadableStory(t)},
			"2 of 2 verification reruns passed; " + cannot},
		{"control: intact, nothing to rerun", map[string]string{"stories/STORY-002.md": demoStory(t, "STORY-002.md")},
			"no verification to rerun in the changed stories"},
		{"control: a rerun", map[string]string{"stories/STORY-001.md": doneStory(t, "p95_ok")}, "2 of 2 verification reruns passed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := gateTitle(t, c.files, gate.Verify); got != c.want {
				t.Errorf("verify title %q, want %q", got, c.want)
			}
		})
	}
}

// TestStoriesTitleCountsOnlyStories: a legacy file beside a story is not
// counted as a story; the title names it apart. Control: the story alone.
// What follows the finding counts is compared (the demo story, created at
// plan_review, has findings of its own).
func TestStoriesTitleCountsOnlyStories(t *testing.T) {
	story := demoStory(t, "STORY-002.md")
	cases := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"story and legacy file", map[string]string{"stories/STORY-002.md": story, "stories/STORY-900.md": legacyStory},
			"in 1 story; 1 file set apart, not a story; 1 story waiting for a human decision"},
		{"two legacy files", map[string]string{"stories/STORY-002.md": story, "stories/STORY-900.md": legacyStory, "stories/STORY-901.md": strings.ReplaceAll(legacyStory, "900", "901")},
			"in 1 story; 2 files set apart, not stories; 1 story waiting for a human decision"},
		{"control: the story alone", map[string]string{"stories/STORY-002.md": story},
			"in 1 story; 1 story waiting for a human decision"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			title := gateTitle(t, c.files, gate.Stories)
			if _, got, _ := strings.Cut(title, " warnings "); got != c.want {
				t.Errorf("stories title %q, want it to end %q", title, c.want)
			}
		})
	}
}
