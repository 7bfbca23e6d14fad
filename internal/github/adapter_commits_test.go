package github_test

import (
	"context"
	"testing"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestCommitMadeByTheContentsAPIIsReadThroughTheAPI: the contents API's
// commit lives in GitHub's copy of the repository, not in the checkout
// the push came from; the API reports its parent, message and the one
// file it changes, and serves the file at that commit. The control, a
// pushed commit, reads the same way.
func TestCommitMadeByTheContentsAPIIsReadThroughTheAPI(t *testing.T) {
	a, fake, _ := setup(t)
	ctx := context.Background()
	checkout := testrepo.New(t)
	checkout.Write(map[string]string{"README.md": "demo\n", storyPath: "v1\n"})
	head := checkout.Commit("agent work")
	fake.Backing(repoName, checkout.Root)
	sha := fake.SetFile(repoName, "feature", storyPath, []byte("v1\n"))
	fake.Push(repoName, "feature", head, githubtest.User{Login: "coding-agent"})
	res := must[github.FileCommit](t)(a.PutFile(ctx, repo, github.FileUpdate{Path: storyPath, Branch: "feature", Content: []byte("v2\n"), SHA: sha, Message: "storygate: record decision"}))
	for _, c := range []struct {
		ref, parent, message, content string
		files                         []github.CommitFile
	}{
		{res.CommitSHA, head, "storygate: record decision", "v2\n", []github.CommitFile{{Path: storyPath, Status: "modified", BlobSHA: res.BlobSHA}}},
		{head, "", "agent work", "v1\n", nil},
	} {
		got := must[github.Commit](t)(a.Commit(ctx, repo, c.ref))
		if got.SHA != c.ref || got.Message != c.message || !got.Complete || (c.parent != "" && (len(got.Parents) != 1 || got.Parents[0] != c.parent)) {
			t.Errorf("commit %s = %+v, want parent %q and message %q", c.ref, got, c.parent, c.message)
		}
		if c.files != nil && (len(got.Files) != 1 || got.Files[0] != c.files[0]) {
			t.Errorf("commit %s changes %+v, want %+v", c.ref, got.Files, c.files)
		}
		if f := must[github.File](t)(a.GetFile(ctx, repo, storyPath, c.ref)); string(f.Content) != c.content {
			t.Errorf("%s at %s = %q, want %q", storyPath, c.ref, f.Content, c.content)
		}
	}
	list := must[[]github.Commit](t)(a.CommitsChanging(ctx, repo, "feature", storyPath, 5))
	if len(list) != 2 || list[0].SHA != res.CommitSHA || list[1].SHA != head || list[0].Parents[0] != head {
		t.Errorf("commits changing %s = %+v, want the contents API's then the pushed one", storyPath, list)
	}
	if other := must[[]github.Commit](t)(a.CommitsChanging(ctx, repo, "feature", "README.md", 5)); len(other) != 1 || other[0].SHA != head {
		t.Errorf("commits changing README.md = %+v, want the pushed one", other)
	}
	r, err := git.PlainOpen(checkout.Root)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.CommitObject(plumbing.NewHash(res.CommitSHA)); err == nil {
		t.Error("the contents API's commit is in the checkout it was pushed from")
	}
}
