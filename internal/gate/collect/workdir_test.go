package collect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestWorkingDir: a verification item runs in its working_dir, relative to
// the repository; one that climbs out or leaves through a symlink is a
// positioned contract/working-dir finding and its rerun is refused.
func TestWorkingDir(t *testing.T) {
	t.Parallel()
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "marker"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, dir string
		verdict   string
		finding   bool
	}{
		{"sub-project", "services/api", "pass", false},
		{"climbs out", "../" + filepath.Base(outside), "error", true},
		{"absolute", outside, "error", true},
		{"symlink out", "escape", "error", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			repo := testrepo.New(t)
			base := repo.Commit("empty")
			story := strings.Replace(doneStory(t, "p95_ok"), `    command: "true"`, "    command: test -f marker\n    working_dir: "+c.dir, 1)
			repo.Write(map[string]string{"stories/STORY-001.md": story, "services/api/marker": "x"})
			if err := os.Symlink(outside, filepath.Join(repo.Root, "escape")); err != nil {
				t.Fatal(err)
			}
			repo.Commit("done")
			res := runGate(t, repo, base, Options{Environ: []string{"PATH=" + os.Getenv("PATH")}})
			v := res.Stories[0].Verification
			if len(v) != 2 || v[0].Verdict != c.verdict {
				t.Fatalf("V1 rerun: %+v, want verdict %s", v, c.verdict)
			}
			stories, _ := res.Gate(gate.Stories)
			var found *diag.Diagnostic
			for i, d := range stories.Diagnostics {
				if d.Rule == "contract/working-dir" {
					found = &stories.Diagnostics[i]
				}
			}
			if (found != nil) != c.finding || (found != nil && (found.Line != 35 || found.Column != 18)) {
				t.Errorf("contract/working-dir finding %+v, want one at 35:18: %v", found, c.finding)
			}
		})
	}
}
