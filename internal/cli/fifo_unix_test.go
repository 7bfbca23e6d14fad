//go:build unix

package cli

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestFIFOsAreRefusedNotOpened: a FIFO as the story or as the configuration
// is refused at once; opening one would block until a writer came.
func TestFIFOsAreRefusedNotOpened(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"stories/STORY-001.md": specTemplate(t, "STORY-001")})
	fifo := filepath.Join(dir, "stories", "STORY-002.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if code, _, errOut := run(t, "transition", "--root", dir, "--event", "begin_planning", "--actor", "orchestrator", fifo); code != ExitUsage {
		t.Errorf("transition on a FIFO: exit %d\n%s", code, errOut)
	}
	cfgDir := t.TempDir()
	writeFiles(t, cfgDir, map[string]string{"stories/STORY-001.md": specTemplate(t, "STORY-001"), ".github/keep": ""})
	if err := syscall.Mkfifo(filepath.Join(cfgDir, ".github", "storygate.yml"), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if code, _, errOut := run(t, "validate", "--root", cfgDir, filepath.Join(cfgDir, "stories")); code != ExitUsage {
		t.Errorf("validate with a FIFO configuration: exit %d\n%s", code, errOut)
	}
}
