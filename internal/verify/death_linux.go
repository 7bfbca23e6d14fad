package verify

import (
	"os/exec"
	"syscall"

	"github.com/storygate/storygate/internal/sandbox"
)

// guardScript runs an unsandboxed command ("$0" "$@" is `sh -c command`)
// under a shell that outlives it by nothing: the kernel signals the guard
// with SIGHUP when storygate dies (SIGKILL included, see dieWithParent),
// and the guard kills its whole process group, the command and every
// descendant that stayed in it, with SIGKILL. A parent-death signal on the
// command's own shell would reach that shell only, not the test runner
// it started. The guard waits for the command as a background job, since
// a shell runs a trap only once its foreground command has ended; a
// background job starts with SIGINT and SIGQUIT ignored, so env
// --default-signal (coreutils 8.31 and later) gives them back their
// default, where it can. Its exit status is the command's (128+n for a
// signal n), as the shell's own was.
const guardScript = `trap 'kill -s KILL 0' HUP
if env --default-signal=INT,QUIT true 2>/dev/null; then env --default-signal=INT,QUIT "$0" "$@" & else "$0" "$@" & fi
wait $!`

// guard wraps an unsandboxed `sh -c command` launch in guardScript. A
// sandboxed one needs none: bwrap, which dieWithParent kills, takes the
// command's PID namespace down with it (--die-with-parent, --unshare-pid).
func guard(path string, args []string, sandboxed bool) (string, []string) {
	if sandboxed {
		return path, args
	}
	return path, append([]string{"-c", guardScript, path}, args...)
}

// dieWithParent sets the signal the command gets when storygate dies:
// SIGKILL for bwrap, SIGHUP for the guard, which turns it into the
// group's SIGKILL.
func dieWithParent(cmd *exec.Cmd, sandboxed bool) {
	sig := syscall.SIGHUP
	if sandboxed {
		sig = syscall.SIGKILL
	}
	sandbox.DieWithParent(cmd, sig)
}
