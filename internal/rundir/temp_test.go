package rundir

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// TestSweepRemovesOnlyDeadRunsDirectories makes directories named by a
// process that is gone, by a live one (this test, a child still running),
// by a reused PID (this process's PID with another start time) and by no
// owner, and checks that Sweep removes exactly the dead owners' ones, a
// read-only directory inside them included.
func TestSweepRemovesOnlyDeadRunsDirectories(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	self := os.Getpid()
	live := exec.Command("sleep", "60")
	if err := live.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = live.Process.Kill(); _ = live.Wait() }()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		gone bool
	}{
		{fmt.Sprintf("storygate-tree-%d.%d-1", dead.Process.Pid, 12345), true},
		{fmt.Sprintf("storygate-cache-%d.%d-2", self, startOf(self)), false},
		{fmt.Sprintf("storygate-tree-%d.%d-3", live.Process.Pid, startOf(live.Process.Pid)), false},
		{"storygate-results-4", false},
		{"storygate-tree-5", false},
		{"other-6", false},
	}
	if runtime.GOOS == "linux" {
		cases = append(cases, struct {
			name string
			gone bool
		}{fmt.Sprintf("storygate-head-%d.%d-7", self, startOf(self)+1), true})
	}
	var want []string
	for _, c := range cases {
		dir := filepath.Join(tmp, c.name)
		if err := os.MkdirAll(filepath.Join(dir, "ro", "x"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(filepath.Join(dir, "ro"), 0o500); err != nil {
			t.Fatal(err)
		}
		if c.gone {
			want = append(want, dir)
		}
	}
	got := Sweep()
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("Sweep() = %q, want %q", got, want)
	}
	for _, c := range cases {
		_, err := os.Stat(filepath.Join(tmp, c.name))
		if exists := err == nil; exists == c.gone {
			t.Errorf("%s: exists = %v after Sweep, want %v", c.name, exists, !c.gone)
		}
	}
}

// TestTempIsNamedByThisProcess checks that a directory Temp makes is
// recognized as a live run's: Sweep keeps it until its owner is gone.
func TestTempIsNamedByThisProcess(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir, err := Temp("tree")
	if err != nil {
		t.Fatal(err)
	}
	if !ownedName.MatchString(filepath.Base(dir)) {
		t.Fatalf("Temp made %s, not a name that says its owner", dir)
	}
	if removed := Sweep(); len(removed) != 0 {
		t.Fatalf("Sweep removed %q of a live run", removed)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("a live run's directory is gone: %v", err)
	}
}

// TestFastTempIsInMemoryUnlessTMPDIRSaysWhere: without TMPDIR, FastTemp
// makes a live run's directory in /dev/shm (a tmpfs), which Sweep keeps
// while a dead run's there is removed; with TMPDIR set, it makes it there.
func TestFastTempIsInMemoryUnlessTMPDIRSaysWhere(t *testing.T) {
	t.Setenv("TMPDIR", "")
	if !writableMemory(sharedMemory) {
		t.Skipf("%s is not a tmpfs this user may write", sharedMemory)
	}
	live, err := FastTemp("etc")
	if err != nil {
		t.Fatal(err)
	}
	defer Remove(live)
	if filepath.Dir(live) != sharedMemory || !ownedName.MatchString(filepath.Base(live)) {
		t.Errorf("FastTemp made %s, want a directory named by this run in %s", live, sharedMemory)
	}
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	dead := filepath.Join(sharedMemory, fmt.Sprintf("storygate-etc-%d.%d-9", gone.Process.Pid, 12345))
	if err := os.Mkdir(dead, 0o700); err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dead)
	if removed := Sweep(); !slices.Contains(removed, dead) || slices.Contains(removed, live) {
		t.Errorf("Sweep() = %q, want %s removed and %s kept", removed, dead, live)
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	chosen, err := FastTemp("etc")
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(chosen) != tmp {
		t.Errorf("with TMPDIR=%s FastTemp made %s", tmp, chosen)
	}
}
