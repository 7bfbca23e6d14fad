package gitrepo_test

import (
	"testing"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/testrepo"
)

func TestIsAncestor(t *testing.T) {
	tr := testrepo.New(t)
	tr.Write(map[string]string{"a": "1"})
	first := tr.Commit("first")
	tr.Write(map[string]string{"a": "2"})
	second := tr.Commit("second")
	repo, err := gitrepo.Open(tr.Root)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		a, d string
		want bool
	}{{first, second, true}, {second, second, true}, {second, first, false}} {
		if got, err := repo.IsAncestor(tt.a, tt.d); err != nil || got != tt.want {
			t.Errorf("IsAncestor(%.7s, %.7s) = %v, %v; want %v", tt.a, tt.d, got, err, tt.want)
		}
	}
	if _, err := repo.IsAncestor("0123456789012345678901234567890123456789", second); err == nil {
		t.Error("an unknown revision must be an error")
	}
}
