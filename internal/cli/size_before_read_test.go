package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

// sparse makes a file of size bytes that takes no disk: reading it whole
// would cost size bytes of memory, refusing it from its size costs none.
func sparse(t *testing.T, path string, size int64) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
}

// TestLoadersRefuseAnOversizedFileFromItsSize: a 200 MB story or event
// payload is refused by its size, before any of it is read: verify and
// action exit 2 with safefile's refusal naming the limit; transition
// refuses the move (exit 1) with validate's structure/too-large finding.
func TestLoadersRefuseAnOversizedFileFromItsSize(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{"README.md": "x\n"})
	repo.Commit("base")
	big := filepath.Join(repo.Root, "stories", "STORY-009.md")
	sparse(t, big, 200<<20)
	event := filepath.Join(t.TempDir(), "event.json")
	sparse(t, event, 30<<20)
	for name, args := range map[string][]string{
		"verify": {"verify", "--root", repo.Root, big},
		"action": {"action", "--event-name", "pull_request", "--root", repo.Root, "--event-path", event},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, _, errOut := run(t, args...)
			if code != ExitUsage || !strings.Contains(errOut, "; the limit is ") {
				t.Errorf("exit %d, stderr %q; want %d and the size refusal", code, errOut, ExitUsage)
			}
		})
	}
	t.Run("transition", func(t *testing.T) {
		t.Parallel()
		code, _, errOut := run(t, "transition", "--root", repo.Root, "--event", "submit", "--actor", "agent", big)
		if code != ExitFindings || !strings.Contains(errOut, "file is 209715200 bytes; a story may be at most 4194304 bytes [structure/too-large]") {
			t.Errorf("exit %d, stderr %q; want %d and structure/too-large", code, errOut, ExitFindings)
		}
	})
}
