package github_test

import (
	"context"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github"
)

// TestAClaimIsTheFirstWritersOnly: the first Claim of a name makes it, a
// second (another replica, a replay) is told it exists; after Release the
// name can be claimed again, and releasing twice is no error.
func TestAClaimIsTheFirstWritersOnly(t *testing.T) {
	t.Parallel()
	a, fake, _ := setup(t)
	ctx, repo := context.Background(), github.Repo{Owner: "o", Name: "r"}
	ref, sha := "refs/storygate/deliveries/d-1", strings.Repeat("a", 40)
	steps := []struct {
		name string
		do   func() (bool, error)
		want bool
	}{
		{"first claim", func() (bool, error) { return a.Claim(ctx, repo, ref, sha) }, true},
		{"second claim", func() (bool, error) { return a.Claim(ctx, repo, ref, sha) }, false},
		{"release", func() (bool, error) { return true, a.Release(ctx, repo, ref) }, true},
		{"release again", func() (bool, error) { return true, a.Release(ctx, repo, ref) }, true},
		{"claim after release", func() (bool, error) { return a.Claim(ctx, repo, ref, sha) }, true},
	}
	for _, s := range steps {
		got, err := s.do()
		if err != nil || got != s.want {
			t.Fatalf("%s: got %v, %v; want %v", s.name, got, err, s.want)
		}
	}
	if refs := fake.Refs("o/r", "refs/storygate/"); len(refs) != 1 || refs[0] != ref {
		t.Errorf("refs %v, want [%s]", refs, ref)
	}
}
