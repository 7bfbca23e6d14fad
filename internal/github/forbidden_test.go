package github_test

import (
	"context"
	"errors"
	"testing"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

func TestIsForbidden(t *testing.T) {
	fake := githubtest.New(t)
	gh := fake.Adapter()
	fake.FailNext(1, 403, nil, "Resource not accessible by integration")
	_, err := gh.CreateCheckRun(context.Background(), github.Repo{Owner: "o", Name: "r"}, github.CheckRun{Name: "n", HeadSHA: testHead})
	if !github.IsForbidden(err) {
		t.Errorf("403 not recognised: %v", err)
	}
	if github.IsForbidden(errors.New("other")) || github.IsForbidden(nil) {
		t.Error("only a 403 is forbidden")
	}
}
