//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"syscall"

	"github.com/landlock-lsm/go-landlock/landlock"
	llsys "github.com/landlock-lsm/go-landlock/landlock/syscall"
)

// helperMount is where the helper executable is mounted in the sandbox.
const helperMount = "/.storygate/sandbox-exec"

// storygateMain is the main package of the storygate executable; only that
// executable knows HelperCommand.
const storygateMain = "github.com/storygate/storygate/cmd/storygate"

// errHelperUsage is a malformed HelperCommand line.
var errHelperUsage = errors.New("usage: " + HelperCommand + " [--write DIR]... -- PROGRAM [ARG]...")

// Helper is HelperCommand: args are `[--write DIR]... -- PROGRAM [ARG]...`.
// It restricts itself, and so every process it starts, to writing under
// the --write directories only (reading and executing stay as the mounts
// allow), in best-effort mode (the kernel's Landlock ABI decides which
// rights can be restricted; none on a kernel without Landlock), then
// executes PROGRAM. It returns only on failure, with exit status 126.
func Helper(args []string, stderr io.Writer) int {
	writable, argv, err := helperArgs(args)
	if err == nil {
		// Moving files between writable directories (mv, pip, git) needs
		// refer; terminals and /dev/null need ioctl on devices.
		err = landlock.V7.BestEffort().RestrictPaths(landlock.RODirs("/"),
			landlock.RWDirs(writable...).WithRefer().WithIoctlDev())
	}
	if err == nil {
		var path string
		if path, err = exec.LookPath(argv[0]); err == nil {
			err = syscall.Exec(path, argv, os.Environ())
		}
	}
	fmt.Fprintf(stderr, "storygate sandbox: %v\n", err)
	return 126
}

func helperArgs(args []string) (writable, argv []string, err error) {
	for len(args) > 1 && args[0] == "--write" {
		writable, args = append(writable, args[1]), args[2:]
	}
	if len(args) < 2 || args[0] != "--" {
		return nil, nil, errHelperUsage
	}
	return writable, args[1:], nil
}

// landlockHelper returns the executable that applies Landlock (p.Helper,
// else this executable when it is storygate) and the kernel's Landlock
// ABI, or why there is no Landlock layer.
func landlockHelper(p Policy) (helper string, abi int, why string) {
	abi, err := llsys.LandlockGetABIVersion()
	if err != nil || abi < 1 {
		return "", 0, "the kernel has no Landlock"
	}
	if p.Helper != "" {
		return p.Helper, abi, ""
	}
	if bi, ok := debug.ReadBuildInfo(); !ok || bi.Path != storygateMain {
		return "", 0, "this executable is not storygate, which applies it"
	}
	exe, err := os.Executable()
	if err != nil {
		return "", 0, fmt.Sprintf("storygate's executable cannot be found: %v", err)
	}
	return exe, abi, ""
}

// landlocked is the helper prefix that restricts writes to the command's
// trees, its private /tmp and /dev; empty without a Landlock layer.
func (s *Sandbox) landlocked(writable []string) []string {
	if s.helper == "" {
		return nil
	}
	args := []string{helperMount, HelperCommand}
	for _, d := range append([]string{"/tmp", "/dev"}, writable...) {
		args = append(args, "--write", d)
	}
	return append(args, "--")
}
