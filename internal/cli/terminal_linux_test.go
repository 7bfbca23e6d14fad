package cli

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/creack/pty"
)

// streams is what the real binary wrote on stdout and stderr, each seen
// through a terminal (a pty of its own) or a pipe.
type streams struct {
	code           int
	stdout, stderr string
}

// runOnStreams runs the built binary with stdout and stderr each on a
// pty (tty) or a pipe, in env (NO_COLOR and FORCE_COLOR dropped from the
// test's own). A pty turns each "\n" into "\r\n" (the terminal's onlcr);
// that is turned back, so a golden file holds what storygate wrote.
func runOnStreams(t *testing.T, tty bool, env []string, args ...string) streams {
	t.Helper()
	cmd := exec.Command(buildStorygate(t), args...)
	cmd.Env = append(cleanColorEnv(os.Environ()), env...)
	var outs [2]func() string
	for i, set := range []*io.Writer{&cmd.Stdout, &cmd.Stderr} {
		if !tty {
			var b bytes.Buffer
			*set = &b
			outs[i] = b.String
			continue
		}
		master, slave, err := pty.Open()
		if err != nil {
			t.Skipf("no pty on this machine (%v): the terminal is covered by the fake terminal's tests only", err)
		}
		defer master.Close()
		defer slave.Close()
		*set = slave
		outs[i] = readAll(master)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	closeSlaves(cmd)
	err := cmd.Wait()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return streams{code: cmd.ProcessState.ExitCode(), stdout: outs[0](), stderr: outs[1]()}
}

// closeSlaves closes the parent's ends of the ptys the child holds, so a
// read of the master ends when the child exits.
func closeSlaves(cmd *exec.Cmd) {
	for _, w := range []io.Writer{cmd.Stdout, cmd.Stderr} {
		if f, ok := w.(*os.File); ok {
			f.Close()
		}
	}
}

// readAll reads the master side of a pty in the background until the
// child's side is closed (EIO on Linux); the function it returns waits
// for that and gives what was read, with "\r\n" back to "\n".
func readAll(master *os.File) func() string {
	var b bytes.Buffer
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_, _ = io.Copy(&b, master) // ends with EIO once no process holds the slave
	}()
	return func() string {
		wg.Wait()
		return strings.ReplaceAll(b.String(), "\r\n", "\n")
	}
}

func cleanColorEnv(environ []string) []string {
	var out []string
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if name != "NO_COLOR" && name != "FORCE_COLOR" && name != "TERM" {
			out = append(out, kv)
		}
	}
	return append(out, "TERM=xterm")
}

// TestTheRealBinaryOnATerminalAndAPipe runs the built storygate with its
// stdout and stderr on real terminals (ptys) and on pipes: --help is the
// same text on both, on stdout; verify's report is coloured on a
// terminal unless NO_COLOR is set, and its progress is the live line,
// drawn from the start. The goldens are the ones the in-process tests
// with a fake terminal check (TestVerifyProgressAndColour), so the fake
// and the real terminal agree. On a pipe the progress is plain lines
// after a second, which a quick run may or may not reach: that stream is
// checked for having no escape sequence, not against a golden.
func TestTheRealBinaryOnATerminalAndAPipe(t *testing.T) {
	t.Parallel()
	for _, tty := range []bool{true, false} {
		got := runOnStreams(t, tty, nil, "verify", "--help")
		if got.code != ExitOK || got.stderr != "" {
			t.Errorf("tty %v: --help exit %d, stderr %q", tty, got.code, got.stderr)
		}
		goldenFile(t, "verify-help.golden", got.stdout)
	}
	dir := vRepo(t, map[string]string{"stories/STORY-001.md": verifyStory("STORY-001", "evaluating",
		[][2]string{{"V1", "exit 0"}, {"V2", "echo boom >&2; exit 1"}}, nil)})
	for _, tc := range []struct {
		name string
		tty  bool
		env  []string
	}{
		{"verify-tty", true, nil},
		{"verify-tty-no-color", true, []string{"NO_COLOR=1"}},
		{"verify-pipe", false, nil},
	} {
		got := runOnStreams(t, tc.tty, tc.env, "verify", "--root", dir, "--jobs", "1")
		if got.code != ExitFindings {
			t.Fatalf("%s: exit %d, stderr %q", tc.name, got.code, got.stderr)
		}
		goldenFile(t, tc.name+".stdout.golden", got.stdout)
		if tc.tty {
			goldenFile(t, tc.name+".stderr.golden", progressLines(got.stderr))
		} else if strings.Contains(got.stderr, "\x1b[") {
			t.Errorf("%s: escape sequences on a pipe: %q", tc.name, got.stderr)
		}
	}
}
