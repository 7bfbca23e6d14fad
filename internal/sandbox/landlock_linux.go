//go:build linux

package sandbox

import (
	"cmp"
	"fmt"
	"os"
	"runtime/debug"

	llsys "github.com/landlock-lsm/go-landlock/landlock/syscall"
)

// helperMount is where the helper executable is mounted in the sandbox.
const helperMount = "/.storygate/sandbox-exec"

// storygateMain is the main package of the storygate executable; only that
// executable knows HelperCommand.
const storygateMain = "github.com/storygate/storygate/cmd/storygate"

// landlockHelper returns the helper executable (p.Helper, else this
// executable when it is storygate), the kernel's Landlock ABI, and why
// there is no Landlock layer, or "". On a kernel without Landlock the
// helper still runs: it gives the command its user and limits in one
// exec, where setpriv and prlimit take two.
func landlockHelper(p Policy) (helper string, abi int, why string) {
	abi, err := llsys.LandlockGetABIVersion()
	if err != nil || abi < 1 {
		abi, why = 0, "the kernel has no Landlock"
	}
	if p.Helper != "" {
		return p.Helper, abi, why
	}
	if bi, ok := debug.ReadBuildInfo(); !ok || bi.Path != storygateMain {
		return "", 0, cmp.Or(why, "this executable is not storygate, which applies it")
	}
	exe, err := os.Executable()
	if err != nil {
		return "", 0, cmp.Or(why, fmt.Sprintf("storygate's executable cannot be found: %v", err))
	}
	return exe, abi, why
}

// landlocked are the helper's --write directories, the command's trees,
// its private /tmp and /dev, and the end of its options.
func (s *Sandbox) landlocked(writable []string) []string {
	var args []string
	for _, d := range append([]string{"/tmp", "/dev"}, writable...) {
		args = append(args, "--write", d)
	}
	return append(args, "--")
}
