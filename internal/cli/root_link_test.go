package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

// TestRootTurnedIntoASymlinkIsRefused: a change that turns the configured
// root (a package directory) into a link to a directory without stories
// made every command find no story and pass. Now validate and the gate
// refuse the root (exit 2, naming the link); the control, the same broken
// story in the real directory, is judged (exit 1).
func TestRootTurnedIntoASymlinkIsRefused(t *testing.T) {
	t.Parallel()
	broken := string(demoStory(t, "STORY-003.md"))
	for _, attack := range []bool{false, true} {
		repo := testrepo.New(t)
		repo.Write(map[string]string{"pkg/stories/STORY-003.md": broken, "empty/README.md": "nothing here\n"})
		base := repo.Commit("base")
		if attack {
			if err := os.RemoveAll(filepath.Join(repo.Root, "pkg")); err != nil {
				t.Fatal(err)
			}
			repo.Commit("remove the package") // go-git cannot stage a link in one step over a tracked directory
			if err := os.Symlink("empty", filepath.Join(repo.Root, "pkg")); err != nil {
				t.Fatal(err)
			}
		} else {
			repo.Write(map[string]string{"pkg/stories/STORY-003.md": broken + "\n"})
		}
		repo.Commit("head")
		root := filepath.Join(repo.Root, "pkg")
		for _, args := range [][]string{
			{"validate", "--root", root},
			{"action", "--event-name", "local", "--root", root, "--base", base, "--report-only", "--markdown", filepath.Join(t.TempDir(), "m.md")},
		} {
			code, out, errOut := run(t, args...)
			switch {
			case attack && (code != ExitUsage || !strings.Contains(errOut, "pkg") || !strings.Contains(errOut, "is a symlink")):
				t.Errorf("attack, %s: exit %d, want %d naming the link\n%s%s", args[0], code, ExitUsage, out, errOut)
			case !attack && code != ExitFindings:
				t.Errorf("control, %s: exit %d, want %d judging the broken story\n%s%s", args[0], code, ExitFindings, out, errOut)
			}
		}
	}
}
