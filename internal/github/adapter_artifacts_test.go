package github_test

import (
	"context"
	"errors"
	"testing"

	"github.com/storygate/storygate/internal/github"
)

// TestARunsArtifactIsDownloadedFromStorage: the archive comes back through
// the download's redirect (the fake's storage fails the test when
// credentials reach it); a name the run lacks is ErrNoArtifact; an
// archive over the limit is refused.
func TestARunsArtifactIsDownloadedFromStorage(t *testing.T) {
	t.Parallel()
	a, fake, _ := setup(t)
	repo := github.Repo{Owner: "o", Name: "r"}
	fake.AddArtifact("o/r", 99, "storygate-results", []byte("PK-zip"))
	cases := []struct {
		name    string
		limit   int64
		want    string
		wantErr error
	}{
		{"storygate-results", 1 << 20, "PK-zip", nil},
		{"other", 1 << 20, "", github.ErrNoArtifact},
		{"storygate-results", 3, "", nil},
	}
	for _, tc := range cases {
		got, err := a.RunArtifact(context.Background(), repo, 99, tc.name, tc.limit)
		switch {
		case tc.wantErr != nil && !errors.Is(err, tc.wantErr):
			t.Errorf("%s: err %v, want %v", tc.name, err, tc.wantErr)
		case tc.want != "" && (err != nil || string(got) != tc.want):
			t.Errorf("%s: %q, %v", tc.name, got, err)
		case tc.want == "" && tc.wantErr == nil && err == nil:
			t.Errorf("%s limit %d: no error for an archive over the limit", tc.name, tc.limit)
		}
	}
}
