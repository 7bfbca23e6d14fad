//go:build linux

package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
)

// allow finds, once the sandbox can start, the runner's directories from
// getenv (os.Getenv), the toolchains PATH needs and whether a configured
// path would expose a runner directory.
func (s *Sandbox) allow(getenv func(string) string) {
	s.dirs = runnerDirsOf(getenv)
	s.toolchains, s.notMounted = s.dirs.toolchains(getenv("PATH"))
	s.refused = s.dirs.refusal(s.policy.ReadOnly)
}

// checkMounts refuses to start a command whose mounts would expose a
// runner directory, or whose read-only paths inside its tree are not
// plainly inside it.
func (s *Sandbox) checkMounts(m Mounts) error {
	if s.refused != nil {
		return s.refused
	}
	for _, p := range append(append([]string{}, m.Writable...), m.ReadOnly...) {
		if why := s.dirs.exposes(p, true); why != "" {
			return fmt.Errorf("sandbox: not mounting the command's tree: %s", why)
		}
	}
	for _, p := range m.ReadOnlyInside {
		if !plainlyInside(p, m.Writable) {
			return fmt.Errorf("sandbox: %s is not inside the command's tree without a symbolic link on the way", p)
		}
	}
	return nil
}

// plainlyInside reports whether p lies inside one of trees and no
// component from the tree down to p is a symbolic link: bwrap follows
// links in a bind's source, and one planted in the tree would mount what
// it points to.
func plainlyInside(p string, trees []string) bool {
	p = filepath.Clean(p)
	for _, t := range trees {
		if !within(p, filepath.Clean(t)) {
			continue
		}
		for d := p; d != filepath.Clean(t); d = filepath.Dir(d) {
			if info, err := os.Lstat(d); err != nil || info.Mode()&os.ModeSymlink != 0 {
				return false
			}
		}
		return true
	}
	return false
}

// masks hides, under an empty tmpfs, every runner directory that lies
// inside a system directory (a runner installed under /usr/local).
func (s *Sandbox) masks() []string {
	var args []string
	for _, f := range s.dirs.forbidden {
		if underSystemDir(f) && exists(f) {
			args = append(args, "--tmpfs", f)
		}
	}
	return args
}
