//go:build linux

package sandbox

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

const terminalEnv = "STORYGATE_TERMINAL_CHILD"

func init() { childHooks[terminalEnv] = terminalChild }

// terminalChild says whether this process has a controlling terminal and
// whether its sandbox gives commands a session of their own.
func terminalChild() int {
	s := &Sandbox{machine: &machine{terminal: controllingTerminal()}}
	fmt.Printf("terminal=%v new-session=%v\n", s.terminal, slices.Contains(s.namespaces(), "--new-session"))
	if sb := New(context.Background(), Policy{Mode: Required}); sb.Isolated() {
		l, err := sb.Command("true", "/", nil, Mounts{})
		if err != nil {
			fmt.Println(err)
			return 1
		}
		defer l.Done()
		fmt.Printf("sandbox new-session=%v\n", slices.Contains(l.Args, "--new-session"))
	}
	return 0
}

// TestACommandGetsASessionOfItsOwnOnlyUnderATerminal: storygate started
// with a controlling terminal (a developer's shell) gives every command a
// session of its own, so that it cannot push input into that terminal
// (TIOCSTI); started without one (CI) it does not, as there is nothing to
// push into and a new session costs a scheduler group of its own.
func TestACommandGetsASessionOfItsOwnOnlyUnderATerminal(t *testing.T) {
	for _, tc := range []struct {
		name     string
		terminal bool
	}{{"a terminal", true}, {"no terminal", false}} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), terminalEnv+"=1")
			cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
			if tc.terminal {
				tty := newTerminal(t)
				cmd.Stdin, cmd.SysProcAttr.Setctty, cmd.SysProcAttr.Ctty = tty, true, 0
			}
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			want := fmt.Sprintf("terminal=%v new-session=%v\n", tc.terminal, tc.terminal)
			if !strings.HasPrefix(string(out), want) {
				t.Fatalf("child said %q, want it to start with %q", out, want)
			}
			if strings.Contains(string(out), "sandbox new-session") && !strings.Contains(string(out), fmt.Sprintf("sandbox new-session=%v", tc.terminal)) {
				t.Fatalf("the sandbox's command line disagrees: %q", out)
			}
		})
	}
}

// newTerminal opens a new pseudo-terminal and returns its terminal side.
func newTerminal(t *testing.T) *os.File {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	if err := unix.IoctlSetPointerInt(int(master.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(master.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	tty, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tty.Close() })
	return tty
}
