package publish

import (
	"context"
	"strings"
	"testing"
)

// TestToGitHubNamesByTheTrustedRoot: the check runs and the comment of a
// package root carry the root the caller trusts; a document of another
// root than the target's is refused before anything is posted, so the
// names in the comment are always the check runs posted. The control
// publishes the same document for its own root.
func TestToGitHubNamesByTheTrustedRoot(t *testing.T) {
	for _, tt := range []struct{ doc, target string }{{"pkg-a", "pkg-b"}, {"pkg-a", ""}, {"", "pkg-a"}, {"pkg-a", "."}} {
		fake, gh := newClient(t)
		res := results(1, 1)
		res.Root = tt.doc
		if _, err := ToGitHub(context.Background(), gh, res, Target{Repo: repo, HeadSHA: head, PullRequest: 7, Root: tt.target}); err == nil ||
			!strings.Contains(err.Error(), "results are of the root") || len(fake.Calls()) != 0 {
			t.Errorf("document of %q for root %q: err %v, %d calls; want refused before any call", tt.doc, tt.target, err, len(fake.Calls()))
		}
	}
	fake, gh := newClient(t)
	res := results(1, 1)
	res.Root = "pkg-a"
	if _, err := ToGitHub(context.Background(), gh, res, Target{Repo: repo, HeadSHA: head, PullRequest: 7, Root: "pkg-a"}); err != nil {
		t.Fatal(err)
	}
	for _, r := range fake.CheckRuns() {
		if !strings.HasSuffix(r.Name, " (pkg-a)") || !strings.HasSuffix(r.ExternalID, "@pkg-a head="+head) {
			t.Errorf("check run %q (external_id %q) does not carry the root", r.Name, r.ExternalID)
		}
	}
	comments := fake.Comments("octo/demo", 7)
	if len(comments) != 1 || !strings.HasPrefix(comments[0].Body, `<!-- storygate:sticky root="pkg-a" -->`+"\n") ||
		!strings.Contains(comments[0].Body, "| `storygate / stories (pkg-a)` |") {
		t.Errorf("comments %+v, want one with pkg-a's marker and check names", comments)
	}
}
