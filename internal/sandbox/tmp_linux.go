//go:build linux

package sandbox

import "strconv"

// privateTmp mounts the command's private /tmp: a tmpfs, world-writable
// and sticky like the host's, of at most Policy.TmpBytes when that is set
// (bwrap's --size, which applies to the next --tmpfs), so that a command
// cannot fill the runner's memory through it. Writes beyond the cap fail
// with ENOSPC.
func (s *Sandbox) privateTmp() []string {
	args := []string{"--perms", "1777"}
	if s.policy.TmpBytes > 0 {
		args = append(args, "--size", strconv.FormatInt(s.policy.TmpBytes, 10))
	}
	return append(args, "--tmpfs", "/tmp")
}
