package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// killPhase is a phase of a run that runs code from the change: the
// command line that runs it, whether it runs in a clone, and the exit
// code an uninterrupted run of an honest command has.
type killPhase struct {
	name, sandbox string
	args          func(dir string) []string
	clones        bool
	control       int
}

func killPhases(t *testing.T) []killPhase {
	out := filepath.Join(t.TempDir(), "out.json")
	verifyArgs := func(dir string) []string { return []string{"verify", "--root", dir, "--out", out} }
	return []killPhase{
		{name: "verify unsandboxed", sandbox: "off", args: verifyArgs, control: ExitOK},
		{name: "verify sandboxed", sandbox: "required", args: verifyArgs, clones: true, control: ExitOK},
		{name: "revert clone", sandbox: "off", clones: true, control: ExitFindings, args: func(dir string) []string {
			return []string{"revert-check", "--root", dir, "--base", "HEAD~1", "--suite", "sh tools/item.sh", "--out", out}
		}},
	}
}

// TestSignalsEndEveryPhaseCleanly stops storygate in each phase that runs
// a command from the change, once it runs (the command says so), and
// looks for what is left: no process of the command (nor the one it left
// in the background) and no temporary directory. SIGTERM (a cancelled
// job) is handled: the run ends its commands, removes its clone and exits
// 3 naming the signal; a second run while it runs does not touch its
// clone. SIGKILL of storygate is not: its commands die with it all the
// same (parent-death signals), and the next run removes the clone it
// left. The honest control is an uninterrupted run: it exits as it always
// has and leaves nothing either.
func TestSignalsEndEveryPhaseCleanly(t *testing.T) {
	bin := buildStorygate(t)
	for _, ph := range killPhases(t) {
		t.Run(ph.name+"/SIGTERM", func(t *testing.T) {
			run, marker, dir, tmp := startPhase(t, bin, ph)
			if code := startStorygate(t, bin, tmp, nil, "version").wait(t); code != ExitOK {
				t.Fatalf("a second run beside the first exits %d", code)
			}
			if !startedIn(dir, tmp)() {
				t.Fatalf("a second run removed the live run's clone: %q left", leftovers(tmp))
			}
			run.signal(t, syscall.SIGTERM)
			if code := run.wait(t); code != ExitInternal || !strings.Contains(run.output(), "stopped by SIGTERM") {
				t.Errorf("exit %d, want %d naming the signal:\n%s", code, ExitInternal, run.output())
			}
			assertNothingLeft(t, marker, tmp)
		})
		t.Run(ph.name+"/SIGKILL", func(t *testing.T) {
			run, marker, _, tmp := startPhase(t, bin, ph)
			run.signal(t, syscall.SIGKILL)
			run.wait(t)
			eventually(t, "the killed run's commands ending", func() bool { return len(markedProcesses(marker)) == 0 },
				func() string { return strings.Join(markedProcesses(marker), "\n") })
			if left := leftovers(tmp); ph.clones && len(left) == 0 {
				t.Fatalf("a SIGKILL mid-%s left no clone: the sweep below proves nothing", ph.name)
			}
			if code := startStorygate(t, bin, tmp, nil, "version").wait(t); code != ExitOK {
				t.Fatalf("the next run exits %d", code)
			}
			assertNothingLeft(t, marker, tmp)
		})
		t.Run(ph.name+"/control", func(t *testing.T) {
			if ph.sandbox == "required" {
				requireSandbox(t)
			}
			marker, tmp := killMarker(), t.TempDir()
			dir := attackRepo(t, ph.sandbox, "echo "+marker+"\n")
			run := startStorygate(t, bin, tmp, nil, ph.args(dir)...)
			if code := run.wait(t); code != ph.control {
				t.Errorf("an uninterrupted run exits %d, want %d:\n%s", code, ph.control, run.output())
			}
			assertNothingLeft(t, marker, tmp)
		})
	}
}

// startPhase starts storygate in phase ph on a change whose command is a
// markerScript, and returns once the command runs.
func startPhase(t *testing.T, bin string, ph killPhase) (run *killRun, marker, dir, tmp string) {
	t.Helper()
	if ph.sandbox == "required" {
		requireSandbox(t)
	}
	marker, tmp = killMarker(), t.TempDir()
	dir = attackRepo(t, ph.sandbox, markerScript(marker))
	run = startStorygate(t, bin, tmp, nil, ph.args(dir)...)
	eventually(t, "the phase's command starting", startedIn(dir, tmp), run.output)
	return run, marker, dir, tmp
}

// assertNothingLeft fails when a process with marker outlives the run
// (polled: a killed process may take a moment to be reaped) or when a
// storygate directory is left in tmp.
func assertNothingLeft(t *testing.T, marker, tmp string) {
	t.Helper()
	eventually(t, "every command of the run ending", func() bool { return len(markedProcesses(marker)) == 0 },
		func() string { return strings.Join(markedProcesses(marker), "\n") })
	if left := leftovers(tmp); len(left) != 0 {
		t.Errorf("left in TMPDIR: %q", left)
	}
	if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("TMPDIR is not empty: %q", names)
	}
}
