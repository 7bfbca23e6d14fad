package sandbox

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

// TestTheCloneIsTheCheckoutsCommitWithoutItsConfiguration: however the
// checkout's repository is laid out (a plain .git, a shallow one as
// actions/checkout's fetch-depth leaves it, a worktree's .git file, which
// the git CLI clones), the clone is the commit checked out detached with
// a clean status, git history, tags and branches as the checkout has
// them, and none of the checkout's configuration: no remote, no
// credential helper, no extra header.
func TestTheCloneIsTheCheckoutsCommitWithoutItsConfiguration(t *testing.T) {
	t.Parallel()
	origin := testrepo.New(t)
	origin.Write(map[string]string{"a.txt": "one\n", "dir/b.txt": "b\n"})
	origin.Commit("first")
	origin.Write(map[string]string{"a.txt": "two\n"})
	second := origin.Commit("second")
	testrepo.GitCLI(t, origin.Root, "tag", "-a", "-m", "release", "v1.0.0", second)
	testrepo.GitCLI(t, origin.Root, "branch", "topic")
	credentials := func(dir string) {
		for _, kv := range [][]string{{"http.extraheader", "AUTHORIZATION: basic c2VjcmV0"}, {"credential.helper", "store"},
			{"remote.origin.url", "https://x-access-token:ghs_secret@github.com/o/r"}} {
			testrepo.GitCLI(t, dir, "config", kv[0], kv[1])
		}
	}
	credentials(origin.Root)
	shallow := filepath.Join(t.TempDir(), "shallow")
	testrepo.GitCLI(t, origin.Root, "clone", "-q", "--depth", "1", "file://"+origin.Root, shallow)
	credentials(shallow)
	worktree := filepath.Join(t.TempDir(), "worktree")
	testrepo.GitCLI(t, origin.Root, "worktree", "add", "-q", "--detach", worktree, second)
	for _, tc := range []struct {
		name, top, commits string
	}{{"plain", origin.Root, "2"}, {"shallow", shallow, "1"}, {"worktree", worktree, "2"}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tree, err := Clone(context.Background(), Source{Top: tc.top, Place: ".", Commit: second})
			if err != nil {
				t.Fatal(err)
			}
			defer tree.Close()
			got := map[string]string{
				"HEAD":     testrepo.GitCLI(t, tree.Dir, "rev-parse", "HEAD"),
				"a.txt":    readFile(t, filepath.Join(tree.Dir, "a.txt")),
				"b.txt":    readFile(t, filepath.Join(tree.Dir, "dir", "b.txt")),
				"status":   testrepo.GitCLI(t, tree.Dir, "status", "--porcelain"),
				"describe": testrepo.GitCLI(t, tree.Dir, "describe", "--tags"),
				"commits":  testrepo.GitCLI(t, tree.Dir, "rev-list", "--count", "HEAD"),
				"detached": testrepo.GitCLI(t, tree.Dir, "rev-parse", "--abbrev-ref", "HEAD"),
			}
			want := map[string]string{"HEAD": second, "a.txt": "two\n", "b.txt": "b\n", "status": "", "describe": "v1.0.0",
				"commits": tc.commits, "detached": "HEAD"}
			for k, v := range want {
				if got[k] != v {
					t.Errorf("%s: %q, want %q", k, got[k], v)
				}
			}
			config, err := os.ReadFile(filepath.Join(tree.Dir, ".git", "config"))
			if err != nil {
				t.Fatal(err)
			}
			for _, secret := range []string{"extraheader", "credential", "ghs_secret", "remote"} {
				if strings.Contains(strings.ToLower(string(config)), secret) {
					t.Errorf("the clone's configuration holds %q:\n%s", secret, config)
				}
			}
		})
	}
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
