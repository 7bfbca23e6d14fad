//go:build linux

package sandbox

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// systemDirs are mounted read-only so that shells, compilers and
// interpreters work; /usr/local and /opt hold toolchains on CI runners.
// Nothing else of the host is visible: not $HOME, not the runner's
// temporary directory, not /run (the Docker socket), not /sys.
var systemDirs = []string{"/usr", "/etc", "/opt"}

// systemLinks are the top-level directories that merged-/usr systems make
// symlinks; they are recreated as links or mounted when they are real.
var systemLinks = []string{"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}

// probeTimeout bounds the start-up check.
const probeTimeout = 10 * time.Second

// probe returns why no sandbox can start here, or "".
func (s *Sandbox) probe(ctx context.Context) string {
	var err error
	if s.bwrap, err = exec.LookPath("bwrap"); err != nil {
		return "bubblewrap (bwrap) is not installed; install the Debian/Ubuntu package bubblewrap"
	}
	if s.limit, err = exec.LookPath("prlimit"); err != nil {
		return "prlimit (util-linux) is not installed, so no memory or process limit can be set"
	}
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	l, err := s.wrap("true", "/", nil, Mounts{})
	if err != nil {
		return err.Error()
	}
	out, err := exec.CommandContext(ctx, l.Path, l.Args...).CombinedOutput()
	if err != nil {
		return fmt.Sprintf("bwrap cannot create its namespaces here (%v): %s", err, strings.TrimSpace(string(out)))
	}
	return ""
}

// wrap builds the bwrap command line for `sh -c command` in dir.
func (s *Sandbox) wrap(command, dir string, env []string, m Mounts) (Launch, error) {
	args := []string{"--unshare-all", "--unshare-user", "--cap-drop", "ALL", "--die-with-parent", "--new-session"}
	if s.policy.Network {
		args = append(args, "--share-net")
	}
	sys, err := systemMounts()
	if err != nil {
		return Launch{}, err
	}
	args = append(args, sys...)
	args = append(args, "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--dir", sandboxHome)
	for _, p := range append(append([]string{}, s.policy.ReadOnly...), m.ReadOnly...) {
		args = append(args, "--ro-bind", p, p)
	}
	for _, p := range m.Writable {
		args = append(args, "--bind", p, p)
	}
	args = append(args, "--chdir", dir, "--", s.limit, "--core=0")
	if s.policy.MemoryBytes > 0 {
		args = append(args, "--as="+strconv.FormatInt(s.policy.MemoryBytes, 10))
	}
	if s.policy.Processes > 0 {
		args = append(args, "--nproc="+strconv.Itoa(s.policy.Processes))
	}
	args = append(args, "sh", "-c", command)
	return Launch{Path: s.bwrap, Args: args, Env: insideEnv(env)}, nil
}

// systemMounts mounts systemDirs read-only and recreates systemLinks.
func systemMounts() ([]string, error) {
	var args []string
	for _, d := range systemDirs {
		if _, err := os.Stat(d); err == nil {
			args = append(args, "--ro-bind", d, d)
		}
	}
	for _, d := range systemLinks {
		info, err := os.Lstat(d)
		switch {
		case err != nil:
			continue
		case info.Mode()&os.ModeSymlink != 0:
			target, err := os.Readlink(d)
			if err != nil {
				return nil, fmt.Errorf("sandbox: read link %s: %w", d, err)
			}
			args = append(args, "--symlink", target, d)
		case info.IsDir():
			args = append(args, "--ro-bind", d, d)
		}
	}
	return args, nil
}
