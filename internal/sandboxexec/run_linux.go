//go:build linux

package sandboxexec

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/landlock-lsm/go-landlock/landlock"
	llsys "github.com/landlock-lsm/go-landlock/landlock/syscall"
)

// Run is Command: args are a helperLine. It becomes --user, when
// given (storygate runs as root: what setpriv did), restricts itself, and
// so every process it starts, to writing under the --write directories
// only (reading and executing stay as the mounts allow), in best-effort
// mode (the kernel's Landlock ABI decides which rights can be restricted;
// none on a kernel without Landlock), sets the --rlimit limits (what
// prlimit did), then executes PROGRAM. It returns only on failure, with
// exit status 126.
//
// Everything it changes belongs to the thread that executes PROGRAM:
// the credentials, capabilities, no_new_privs and the Landlock domain are
// set with plain system calls on that one thread (execve keeps only it),
// never for every thread of the Go runtime at once: such a call signals
// and waits for each thread, which on a loaded machine cost more than
// the rest of the helper.
func Run(args []string, stderr io.Writer) int {
	runtime.LockOSThread()
	l, err := parseHelperLine(args)
	if err == nil && l.user >= 0 {
		err = becomeUser(l.user)
	}
	if err == nil {
		err = noNewPrivileges()
	}
	if err == nil {
		err = restrictWrites(l.writable)
	}
	var path string
	if err == nil {
		path, err = lookPath(l.argv[0])
	}
	if err == nil {
		err = setLimits(l.limits)
	}
	if err == nil {
		err = syscall.Exec(path, l.argv, os.Environ())
	}
	fmt.Fprintf(stderr, "storygate sandbox: %v\n", err)
	return 126
}

// layer is what the helper's Landlock domain restricts: the file system
// rights and the IPC scopes of ABI 7 (abstract UNIX sockets and signals
// reach no process outside the command's own), and not TCP: the network
// namespace decides what a command reaches, and within it a suite must be
// able to bind and connect its own test servers on the loopback, which a
// domain handling TCP with no port allowed refuses (EACCES).
var layer = landlock.Config{HandledAccessFS: landlock.V7.HandledAccessFS, Scoped: landlock.V7.Scoped}

// restrictWrites restricts the calling thread, and whatever it executes,
// to writing under writable (best effort: the kernel's ABI decides which
// rights can be restricted; nothing on a kernel without Landlock).
// Moving files between writable directories (mv, pip, git) needs refer;
// terminals and /dev/null need ioctl on devices.
func restrictWrites(writable []string) error {
	fd, flags, err := layer.BestEffort().NewRulesetFD(landlock.RODirs("/"),
		landlock.RWDirs(writable...).WithRefer().WithIoctlDev())
	if err != nil || fd < 0 {
		return err
	}
	defer unix.Close(fd)
	if err := llsys.LandlockRestrictSelf(fd, flags); err != nil {
		return fmt.Errorf("landlock_restrict_self: %w", err)
	}
	return nil
}

// lookPath finds program as execvp(3) does, which setpriv and prlimit
// used before the helper did their work: in PATH, or in /bin and /usr/bin
// when the environment has no PATH.
func lookPath(program string) (string, error) {
	if _, set := os.LookupEnv("PATH"); set || strings.Contains(program, "/") {
		return exec.LookPath(program)
	}
	for _, dir := range []string{"/bin", "/usr/bin"} {
		if p, err := exec.LookPath(dir + "/" + program); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s: not found in /bin or /usr/bin (no PATH)", program)
}
