package github_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

const storyPath = "stories/story-001.md"

func TestGetAndPutFileOnABranch(t *testing.T) {
	a, fake, _ := setup(t)
	ctx := context.Background()
	sha := fake.SetFile(repoName, "feature", storyPath, []byte("v1\n"))
	f := must[github.File](t)(a.GetFile(ctx, repo, storyPath, "feature"))
	if string(f.Content) != "v1\n" || f.SHA != sha || f.Path != storyPath {
		t.Fatalf("file = %+v, want v1 at %s", f, sha)
	}
	res := must[github.FileCommit](t)(a.PutFile(ctx, repo, github.FileUpdate{Path: storyPath, Branch: "feature", Content: []byte("v2\n"), SHA: f.SHA, Message: "storygate: record decision"}))
	content, newSHA, _ := fake.File(repoName, "feature", storyPath)
	if string(content) != "v2\n" || res.BlobSHA != newSHA || res.CommitSHA == "" {
		t.Errorf("after put: %q at %s, result %+v", content, newSHA, res)
	}
	if commits := fake.Commits(repoName, "feature"); len(commits) != 1 || commits[0].Message != "storygate: record decision" {
		t.Errorf("commits = %+v", commits)
	}
	if _, err := a.GetFile(ctx, repo, "stories/none.md", "feature"); !errorsIs(err, github.ErrNotFound) {
		t.Errorf("missing file: err = %v", err)
	}
}

// A push lands between our read and write: the write gets 409, surfaces as
// ErrConflict, and a re-read and re-apply keeps both changes.
func TestConcurrentPushIsAConflictNotAnOverwrite(t *testing.T) {
	a, fake, _ := setup(t)
	ctx := context.Background()
	fake.SetFile(repoName, "feature", storyPath, []byte("base\n"))
	fake.ConcurrentPushOnce(repoName, "feature", storyPath, func(old []byte) []byte { return append(old, "their line\n"...) })
	appendLine := func() error {
		f, err := a.GetFile(ctx, repo, storyPath, "feature")
		if err != nil {
			return err
		}
		_, err = a.PutFile(ctx, repo, github.FileUpdate{Path: storyPath, Branch: "feature", SHA: f.SHA, Message: "m", Content: append(f.Content, "our line\n"...)})
		return err
	}
	if err := appendLine(); !errorsIs(err, github.ErrConflict) {
		t.Fatalf("first write: err = %v, want ErrConflict", err)
	}
	if err := appendLine(); err != nil {
		t.Fatalf("retry: %v", err)
	}
	content, _, _ := fake.File(repoName, "feature", storyPath)
	if !bytes.Equal(content, []byte("base\ntheir line\nour line\n")) {
		t.Errorf("content = %q, want both lines", content)
	}
}

func TestCreatingAFileThatAppearedIsAConflict(t *testing.T) {
	a, fake, _ := setup(t)
	fake.SetFile(repoName, "feature", storyPath, []byte("someone else's\n"))
	_, err := a.PutFile(context.Background(), repo, github.FileUpdate{Path: storyPath, Branch: "feature", Content: []byte("ours"), Message: "m"})
	if !errorsIs(err, github.ErrConflict) {
		t.Fatalf("err = %v, want ErrConflict (422 sha missing)", err)
	}
	if content, _, _ := fake.File(repoName, "feature", storyPath); string(content) != "someone else's\n" {
		t.Errorf("file overwritten: %q", content)
	}
}

// TestPutFileTellsALostAnswerFromARefusal: a write whose answer was lost
// on every attempt (applied then 502, reset before it was applied) is
// ErrAnswerLost, whether or not it landed; a resend meeting the version
// the first attempt wrote is ErrConflict (409, or 422 naming the sha); a
// refusal (403) is neither, and the control (no fault) lands once.
func TestPutFileTellsALostAnswerFromARefusal(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name           string
		inject         func(*githubtest.Server)
		lost, conflict bool
		// wantFile is the file after the write; ok that it succeeded.
		wantFile string
		ok       bool
	}{
		{"no fault", func(*githubtest.Server) {}, false, false, "v2\n", true},
		{"applied, every answer lost", func(f *githubtest.Server) { f.Inject("PUT", contentsRoute, githubtest.AppliedThen5xx, 5) }, true, false, "v2\n", false},
		{"reset before applied, every attempt", func(f *githubtest.Server) { f.Inject("PUT", contentsRoute, githubtest.Reset, 5) }, true, false, "v1\n", false},
		{"applied, resend meets 409", func(f *githubtest.Server) { f.Inject("PUT", contentsRoute, githubtest.AppliedThen5xx, 1) }, false, true, "v2\n", false},
		{"applied, resend meets 422", func(f *githubtest.Server) {
			f.Inject("PUT", contentsRoute, githubtest.AppliedThen5xx, 1)
			f.FailNextTo("PUT", contentsRoute, http.StatusUnprocessableEntity, "sha does not match")
		}, false, true, "v2\n", false},
		{"refused", func(f *githubtest.Server) {
			f.FailNextTo("PUT", contentsRoute, http.StatusForbidden, "Resource not accessible by integration")
		}, false, false, "v1\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a, fake, _ := setup(t)
			sha := fake.SetFile(repoName, "feature", storyPath, []byte("v1\n"))
			c.inject(fake)
			_, err := a.PutFile(context.Background(), repo, github.FileUpdate{Path: storyPath, Branch: "feature", Content: []byte("v2\n"), SHA: sha, Message: "m"})
			if errors.Is(err, github.ErrAnswerLost) != c.lost || errors.Is(err, github.ErrConflict) != c.conflict || (err == nil) != c.ok {
				t.Errorf("err %v: want lost %v, conflict %v, success %v", err, c.lost, c.conflict, c.ok)
			}
			if got, _, _ := fake.File(repoName, "feature", storyPath); string(got) != c.wantFile {
				t.Errorf("file %q, want %q", got, c.wantFile)
			}
		})
	}
}
