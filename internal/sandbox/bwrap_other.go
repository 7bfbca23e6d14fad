//go:build !linux

package sandbox

import (
	"context"
)

// probe reports that the sandbox needs Linux namespaces.
func (s *Sandbox) probe(context.Context) string {
	return "the bubblewrap sandbox needs Linux namespaces"
}

// wrap is never called where probe fails; it runs the shell unisolated.
func (s *Sandbox) wrap(command, _ string, env []string, _ Mounts) (Launch, error) {
	return Launch{Path: "sh", Args: []string{"-c", command}, Env: env}, nil
}

// cacheReport is empty: there is no sandbox to offer caches in.
func (s *Sandbox) cacheReport([]string) []CacheReport { return nil }

// CacheSet has no layers where there is no sandbox.
type CacheSet struct{}

// Caches is nil: commands are not isolated.
func (s *Sandbox) Caches([]string, ...string) (*CacheSet, error) { return nil, nil }

// Close does nothing.
func (c *CacheSet) Close() {}
