package bot

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// inRoot runs the action with the root the directory pkg ("" for the
// repository's top) of the harness's repository.
func inRoot(h *harness, pkg string) func(*ActionOptions) {
	return func(o *ActionOptions) { o.Root = filepath.Join(h.repo.Root, pkg) }
}

// stickyOf returns the comment whose first line is marker, and how many
// comments have it there.
func stickyOf(h *harness, marker string) (githubtest.Comment, int) {
	var found githubtest.Comment
	n := 0
	for _, c := range h.fake.Comments(prRepo, prNumber) {
		if first, _, _ := strings.Cut(c.Body, "\n"); first == marker {
			found, n = c, n+1
		}
	}
	return found, n
}

// TestPackageRootsPostTheirOwnChecksAndComments: one repository gates its
// packages pkg-a and pkg-b and its top, one workflow each, on one pull
// request head. Each root posts its own check runs (names and external_id
// carrying the root) and its own sticky comment; the top's, the control,
// keep exactly the names and marker storygate always used. A later run of
// pkg-a on a new head edits pkg-a's comment only.
func TestPackageRootsPostTheirOwnChecksAndComments(t *testing.T) {
	h := monorepoHarness(t, "pkg-a/")
	h.event("pull_request", "pull_request.opened")
	for pkg, want := range map[string]status{"pkg-a": failed, "pkg-b": passed, "": passed} {
		if code := h.action(inRoot(h, pkg)); code != want {
			t.Fatalf("root %q got %s, want %s\n%s", pkg, code, want, h.stderr.String())
		}
	}
	want := map[string]string{
		"storygate / stories": "success", "storygate / verify": "neutral", "storygate / revert-check": "neutral",
		"storygate / stories (pkg-a)": "failure", "storygate / verify (pkg-a)": "neutral", "storygate / revert-check (pkg-a)": "neutral",
		"storygate / stories (pkg-b)": "success", "storygate / verify (pkg-b)": "neutral", "storygate / revert-check (pkg-b)": "neutral",
	}
	if got := h.checkRuns(); len(h.fake.CheckRuns()) != 9 || !equalMaps(got, want) {
		t.Errorf("check runs %v (%d), want %v", got, len(h.fake.CheckRuns()), want)
	}
	externalIDs := map[string]string{}
	for _, r := range h.fake.CheckRuns() {
		externalIDs[r.Name] = r.ExternalID
	}
	// Each names its root, then this run (GITHUB_RUN_ID 99, first attempt)
	// and the head (issue 24: a key of the run's own).
	if !strings.HasPrefix(externalIDs["storygate / stories"], "storygate/stories run=99.1 head=") ||
		!strings.HasPrefix(externalIDs["storygate / stories (pkg-a)"], "storygate/stories@pkg-a run=99.1 head=") ||
		!strings.HasPrefix(externalIDs["storygate / stories (pkg-b)"], "storygate/stories@pkg-b run=99.1 head=") {
		t.Errorf("external ids %v", externalIDs)
	}
	markers := map[string]string{"": "<!-- storygate:sticky -->", "pkg-a": `<!-- storygate:sticky root="pkg-a" -->`, "pkg-b": `<!-- storygate:sticky root="pkg-b" -->`}
	before := map[string]githubtest.Comment{}
	for pkg, marker := range markers {
		c, n := stickyOf(h, marker)
		if n != 1 {
			t.Fatalf("root %q: %d comments start with %s, want 1", pkg, n, marker)
		}
		if name := (gate.Identity{Gate: gate.Stories, Root: pkg}).CheckName(); !strings.Contains(c.Body, "`"+name+"`") {
			t.Errorf("root %q: the comment does not show its check %q:\n%s", pkg, name, c.Body)
		}
		before[pkg] = c
	}
	if n := len(h.fake.Comments(prRepo, prNumber)); n != 3 {
		t.Fatalf("%d comments, want one per root", n)
	}

	h.repo.Remove("pkg-a/stories/STORY-003.md")
	h.head = h.repo.Commit("pkg-a drops STORY-003")
	h.event("pull_request", "pull_request.synchronize")
	if code := h.action(inRoot(h, "pkg-a")); code == usageFailure || code == internalError {
		t.Fatalf("pkg-a's second run got %s\n%s", code, h.stderr.String())
	}
	for pkg, marker := range markers {
		c, n := stickyOf(h, marker)
		// pkg-a's new head's report is a new comment (issue 24).
		edited, replaced := c.Body != before[pkg].Body, c.ID != before[pkg].ID
		if n != 1 || replaced != (pkg == "pkg-a") || edited != (pkg == "pkg-a") {
			t.Errorf("root %q after pkg-a's second run: %d comments, id %d (was %d), edited %v; want only pkg-a's replaced", pkg, n, c.ID, before[pkg].ID, edited)
		}
	}
}

// TestRerequestedCheckRunOfAnotherRootIsLeftToIt: every workflow with a
// check_run trigger hears a re-request. pkg-b's and the top's runs leave
// pkg-a's re-requested check run alone (nothing posted, saying why);
// pkg-a's run answers it with its own check runs, the control. A
// re-request of the top's check run is likewise not pkg-a's.
func TestRerequestedCheckRunOfAnotherRootIsLeftToIt(t *testing.T) {
	h := monorepoHarness(t, "pkg-a/")
	rerequest := func(name string) {
		h.event("check_run", "check_run.rerequested", func(p map[string]any) { p["check_run"].(map[string]any)["name"] = name })
	}
	rerequest("storygate / stories (pkg-a)")
	for pkg, why := range map[string]string{"pkg-b": `was made for "pkg-a"; this run's root is "pkg-b"`, "": `was made for "pkg-a"; this run's root is the repository's top`} {
		if code := h.action(inRoot(h, pkg)); code != passed || len(h.fake.Calls()) != 0 || !strings.Contains(h.stderr.String(), why) {
			t.Errorf("root %q answered pkg-a's re-request: got %s, %d calls\n%s", pkg, code, len(h.fake.Calls()), h.stderr.String())
		}
	}
	rerequest("storygate / verify")
	if code := h.action(inRoot(h, "pkg-a")); code != passed || len(h.fake.Calls()) != 0 || !strings.Contains(h.stderr.String(), "the repository's top; this run's root is \"pkg-a\"") {
		t.Errorf("pkg-a answered the top's re-request: got %s, %d calls\n%s", code, len(h.fake.Calls()), h.stderr.String())
	}
	rerequest("storygate / revert-check (pkg-a)")
	h.action(inRoot(h, "pkg-a"))
	runs := h.checkRuns()
	if len(h.fake.CheckRuns()) != 3 || runs["storygate / stories (pkg-a)"] != "failure" {
		t.Errorf("control: pkg-a's re-request got check runs %v\n%s", runs, h.stderr.String())
	}
}
