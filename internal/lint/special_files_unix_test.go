//go:build unix

package lint

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestFIFOsAreNotOpened: a FIFO named like a story is reported, one with
// another name is skipped; neither is opened, which would block.
func TestFIFOsAreNotOpened(t *testing.T) {
	root := t.TempDir()
	write(t, root, "stories/STORY-001.md", []byte(minimalHead+"---\n"))
	for _, name := range []string{"STORY-fifo.md", "notes.md"} {
		if err := syscall.Mkfifo(filepath.Join(root, "stories", name), 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
	}
	ds := runOn(t, root) // hangs (and fails) if a FIFO is opened
	var fifo []string
	for _, d := range ds {
		if strings.Contains(d.File, "fifo") || strings.Contains(d.File, "notes") {
			fifo = append(fifo, d.File+" "+d.Rule)
		}
	}
	if strings.Join(fifo, ",") != "stories/STORY-fifo.md structure/not-text" {
		t.Errorf("FIFO findings %v", fifo)
	}
	if ds := runOn(t, root, filepath.Join(root, "stories", "STORY-fifo.md")); rulesOf(ds) != "structure/not-text" {
		t.Errorf("named FIFO: %v", ds)
	}
}

// TestNamedLinkToDirectoryIsWalked: a named symlink to a directory inside
// the repository is walked like the directory.
func TestNamedLinkToDirectoryIsWalked(t *testing.T) {
	root := t.TempDir()
	write(t, root, "stories/sub/STORY-001.md", []byte(minimalHead+"---\n"))
	link := filepath.Join(root, "linkdir")
	if err := os.Symlink(filepath.Join(root, "stories", "sub"), link); err != nil {
		t.Skipf("symlinks unsupported: %v", err)
	}
	got, err := FindStories(root, []string{link}, nil)
	if err != nil || strings.Join(got, ",") != "stories/sub/STORY-001.md" {
		t.Errorf("FindStories(link) = %v, %v", got, err)
	}
	ds := runOn(t, root, link)
	for _, d := range ds {
		if d.File != "stories/sub/STORY-001.md" {
			t.Errorf("finding outside the linked directory's story: %v", d)
		}
	}
	if len(ds) == 0 {
		t.Error("the linked directory's story was not validated")
	}
}
