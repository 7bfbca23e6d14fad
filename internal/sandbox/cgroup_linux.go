//go:build linux

package sandbox

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

// cgroupRoot is where the cgroup v2 hierarchy is mounted.
const cgroupRoot = "/sys/fs/cgroup"

// probeLimits chooses how the caps are enforced: in a cgroup of the
// command's own when the machine has a cgroup v2 storygate can delegate
// (GitHub's images have v2; whether the job may write its cgroup depends
// on the runner, docs/verify.md) and a sandbox starts in one, else per
// process (s.noCgroup says why).
func (s *Sandbox) probeLimits(ctx context.Context) {
	if s.policy.MemoryBytes <= 0 && s.policy.Processes <= 0 {
		s.noCgroup = "no memory or process cap is set"
		return
	}
	self, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		s.noCgroup = fmt.Sprintf("/proc/self/cgroup cannot be read: %v", err)
		return
	}
	if s.cgroup, s.noCgroup = probeCgroup(cgroupRoot, string(self)); s.cgroup == nil {
		return
	}
	if why := s.try(ctx); why != "" {
		s.cgroup, s.noCgroup = nil, "a sandbox does not start in a cgroup of its own: "+why
	}
}

// commandGroup is the cgroup one command starts in, and how to start it
// there; nil without cgroup limits.
func (s *Sandbox) commandGroup() (prepare func(*exec.Cmd), release func(), err error) {
	if s.cgroup == nil {
		return nil, func() {}, nil
	}
	g, err := s.cgroup.create(s.policy.MemoryBytes, s.policy.Processes)
	if err != nil {
		return nil, nil, err
	}
	fd, err := syscall.Open(g.Dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		g.remove()
		return nil, nil, fmt.Errorf("sandbox: open cgroup %s: %w", g.Dir, err)
	}
	prepare = func(cmd *exec.Cmd) {
		if cmd.SysProcAttr == nil {
			cmd.SysProcAttr = &syscall.SysProcAttr{}
		}
		// clone3 puts bwrap, and so every process of the command, in the
		// group from the start: nothing runs uncapped for a moment.
		cmd.SysProcAttr.UseCgroupFD, cmd.SysProcAttr.CgroupFD = true, fd
	}
	return prepare, func() { _ = syscall.Close(fd); g.remove() }, nil
}
