package chatops

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestGitStoriesInASubdirectoryRoot: the policy's story globs are relative
// to the root; with the root a package, a story the pull request changed
// in the package is found and listed at its repository path (the contents
// API reads it there), one in another package is not the package's, and
// a deleted one is not listed. The control is the same layout at the top.
func TestGitStoriesInASubdirectoryRoot(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		root string
		want []string
	}{
		{"", []string{"stories/S-1.md"}},
		{"pkg", []string{"pkg/stories/S-1.md"}},
	} {
		repo := testrepo.New(t)
		in := func(p string) string { return filepath.ToSlash(filepath.Join(c.root, p)) }
		repo.Write(map[string]string{in("stories/S-0.md"): "old\n", "lib/stories/S-2.md": "x\n"})
		base := repo.Commit("base")
		repo.Remove(in("stories/S-0.md"))
		repo.Write(map[string]string{in("stories/S-1.md"): "new\n", "lib/stories/S-2.md": "y\n", in("README.md"): "r\n"})
		head := repo.Commit("head")
		if c.root == "" {
			c.want = append([]string{"lib/stories/S-2.md"}, c.want...)
		}
		got, err := GitStories(filepath.Join(repo.Root, c.root))(context.Background(), github.PullRequest{BaseSHA: base, HeadSHA: head}, []string{"stories/*.md", "lib/stories/*.md"})
		if err != nil {
			t.Fatal(err)
		}
		if slices.Sort(got); !slices.Equal(got, c.want) {
			t.Errorf("root %q: stories %v, want %v", c.root, got, c.want)
		}
	}
}
