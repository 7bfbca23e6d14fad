package collect

import (
	"os"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestLocalRunWithoutBaseRerunsWhatTheWorkTreeChanged: without a base the
// changed stories are the ones that differ from HEAD; --all (the all
// filter) reruns every story's verification.
func TestLocalRunWithoutBaseRerunsWhatTheWorkTreeChanged(t *testing.T) {
	t.Parallel()
	path := []string{"PATH=" + os.Getenv("PATH")}
	cases := []struct {
		name   string
		edit   bool
		filter config.FilterMode
		reruns int
	}{
		{"committed, unchanged", false, "", 0},
		{"edited in the work tree", true, "", 2},
		{"all", false, config.FilterAll, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			repo := testrepo.New(t)
			repo.Write(map[string]string{"stories/STORY-001.md": doneStory(t, "p95_ok")})
			repo.Commit("done")
			if c.edit {
				repo.Write(map[string]string{"stories/STORY-001.md": doneStory(t, "p95_ok") + "\n"})
			}
			res := runGate(t, repo, "", Options{Environ: path, Filter: c.filter})
			g, _ := res.Gate(gate.Verify)
			noted := strings.Contains(strings.Join(res.Notes, "\n"), "not rerun")
			if len(g.Diagnostics) != 0 || reruns(res) != c.reruns || noted != (c.reruns == 0) {
				t.Errorf("%d reruns (want %d), notes %q, verify %+v", reruns(res), c.reruns, res.Notes, g)
			}
		})
	}
}

// TestOutsideAGitRepositoryEveryStoryIsRerun: with no HEAD to compare
// with, nothing narrower than every story is known.
func TestOutsideAGitRepositoryEveryStoryIsRerun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.MkdirAll(dir+"/stories", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir+"/stories/STORY-001.md", []byte(doneStory(t, "p95_ok")), 0o644); err != nil {
		t.Fatal(err)
	}
	res := runGateWith(t, dir, "", config.Default(), Options{Environ: []string{"PATH=" + os.Getenv("PATH")}})
	if reruns(res) != 2 {
		t.Errorf("%d reruns outside a repository, want 2", reruns(res))
	}
}

func reruns(res *gate.Results) int {
	n := 0
	for _, s := range res.Stories {
		n += len(s.Verification)
	}
	return n
}
