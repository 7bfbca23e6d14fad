//go:build linux

package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// runUnreadable runs storygate with args so that a file of mode 000 cannot
// be read by it: in this process for an unprivileged user; for root in a
// child copy of the test binary whose capability bounding set lacks
// CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH. Root reads any file through
// those two; without them the owner's mode bits apply to root as to
// anyone, so the child meets the permission error a user meets.
func runUnreadable(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	if os.Geteuid() != 0 {
		return run(t, args...)
	}
	encoded, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childArgsEnv+"="+string(encoded))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := startWithoutReadOverride(cmd); err != nil {
		t.Fatalf("run storygate without CAP_DAC_OVERRIDE: %v", err)
	}
	return cmd.ProcessState.ExitCode(), out.String(), errOut.String()
}

// startWithoutReadOverride runs cmd from a thread of its own whose
// bounding set drops the two capabilities that let root read any file;
// the child, forked from that thread, inherits the narrowed set, and
// exec gives root no capability outside it. The thread is never unlocked,
// so it ends with its goroutine and serves no other. An exit status other
// than 0 is not an error here.
func startWithoutReadOverride(cmd *exec.Cmd) error {
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		for _, c := range []uintptr{unix.CAP_DAC_OVERRIDE, unix.CAP_DAC_READ_SEARCH} {
			if err := unix.Prctl(unix.PR_CAPBSET_DROP, c, 0, 0, 0); err != nil {
				done <- err
				return
			}
		}
		done <- cmd.Run()
	}()
	err := <-done
	if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
		return nil
	}
	return err
}
