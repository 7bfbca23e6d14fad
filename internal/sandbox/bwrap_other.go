//go:build !linux

package sandbox

import (
	"context"
	"fmt"
	"io"
)

// probe reports that the sandbox needs Linux namespaces.
func (s *Sandbox) probe(context.Context) string {
	return "the bubblewrap sandbox needs Linux namespaces"
}

// wrap is never called where probe fails; it runs the shell unisolated.
func (s *Sandbox) wrap(command, _ string, env []string, _ Mounts) (Launch, error) {
	return Launch{Path: "sh", Args: []string{"-c", command}, Env: env}, nil
}

// Helper exists on Linux only, where the sandbox runs it.
func Helper(_ []string, stderr io.Writer) int {
	fmt.Fprintln(stderr, "storygate sandbox: the Landlock helper needs Linux")
	return 126
}

// cacheReport is empty: there is no sandbox to offer caches in.
func (s *Sandbox) cacheReport([]string) []CacheReport { return nil }

// CacheSet has no layers where there is no sandbox.
type CacheSet struct{}

// Caches is nil: commands are not isolated.
func (s *Sandbox) Caches([]string, ...string) (*CacheSet, error) { return nil, nil }

// Close does nothing.
func (c *CacheSet) Close() {}
