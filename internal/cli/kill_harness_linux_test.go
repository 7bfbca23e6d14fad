package cli

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// killBound is how long a kill test waits for what must happen (a phase
// to start, a process to end): generous, since the machine may be busy;
// the tests poll, so a quick machine waits no longer than it must.
const killBound = 90 * time.Second

// killRun is one storygate process of a kill test, with a TMPDIR of its
// own (tmp) that the test inspects.
type killRun struct {
	cmd    *exec.Cmd
	stderr lockedBuffer
	done   chan error
}

// lockedBuffer is a buffer the process writes while the test may read it
// (a failure message describing the state mid-run).
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startStorygate starts bin with args, TMPDIR set to tmp and extra
// variables, and ends it when the test ends if it still runs.
func startStorygate(t *testing.T, bin, tmp string, extra []string, args ...string) *killRun {
	t.Helper()
	r := &killRun{cmd: exec.Command(bin, args...), done: make(chan error, 1)}
	r.cmd.Env = append(append(os.Environ(), "TMPDIR="+tmp), extra...)
	r.cmd.Stdout, r.cmd.Stderr = &r.stderr, &r.stderr
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { r.done <- r.cmd.Wait() }()
	t.Cleanup(func() { _ = r.cmd.Process.Kill() })
	return r
}

// wait returns the run's exit code, or fails the test when it does not
// end in killBound.
func (r *killRun) wait(t *testing.T) int {
	t.Helper()
	select {
	case <-r.done:
		return r.cmd.ProcessState.ExitCode()
	case <-time.After(killBound):
		t.Fatalf("storygate did not end in %s:\n%s", killBound, r.stderr.String())
		return -1
	}
}

// output is what the run printed so far (stdout and stderr interleaved).
func (r *killRun) output() string { return r.stderr.String() }

// signal sends sig to the storygate process itself, as a job's cancel
// (SIGTERM) or an OOM kill (SIGKILL) does.
func (r *killRun) signal(t *testing.T, sig syscall.Signal) {
	t.Helper()
	if err := r.cmd.Process.Signal(sig); err != nil {
		t.Fatalf("signal storygate: %v", err)
	}
}

// eventually polls cond until it holds, failing the test with what
// describes the state when it does not in killBound.
func eventually(t *testing.T, what string, cond func() bool, state func() string) {
	t.Helper()
	for deadline := time.Now().Add(killBound); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("%s did not happen in %s: %s", what, killBound, state())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// markedProcesses lists the processes whose command line holds marker:
// the commands a run started (their arguments carry it).
func markedProcesses(marker string) []string {
	paths, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	var out []string
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err == nil && bytes.Contains(data, []byte(marker)) {
			out = append(out, filepath.Base(filepath.Dir(p))+": "+strings.ReplaceAll(string(data), "\x00", " "))
		}
	}
	return out
}

// leftovers lists the entries storygate made in tmp and left there.
func leftovers(tmp string) []string {
	paths, _ := filepath.Glob(filepath.Join(tmp, "storygate-*"))
	return paths
}

// killMarker is a string unique to one test, written into the commands
// it has storygate run (as sleep's duration, 3000.<digits> seconds), so
// that their processes are found by it and by nothing else.
func killMarker() string {
	return fmt.Sprintf("3000.%d%d", os.Getpid(), time.Now().UnixNano()%1_000_000_000)
}

// markerScript is a command that says it runs (it creates started in its
// working directory, the repository or the clone), leaves a process of
// its own running in the background, and then sleeps: a test suite with
// a helper daemon, stopped mid-run.
func markerScript(marker string) string {
	return "touch \"$PWD/started\"\n(sleep " + marker + " &)\nsleep " + marker + "\n"
}

// startedIn reports whether a marker script runs for root: in the
// repository itself or in one of the clones under tmp.
func startedIn(root, tmp string) func() bool {
	return func() bool {
		found, _ := filepath.Glob(filepath.Join(tmp, "storygate-tree-*", "clone", "started"))
		_, err := os.Stat(filepath.Join(root, "started"))
		return len(found) > 0 || err == nil
	}
}
