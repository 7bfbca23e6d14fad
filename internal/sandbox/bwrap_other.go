//go:build !linux

package sandbox

import "context"

// probe reports that the sandbox needs Linux namespaces.
func (s *Sandbox) probe(context.Context) string {
	return "the bubblewrap sandbox needs Linux namespaces"
}

// wrap is never called where probe fails; it runs the shell unisolated.
func (s *Sandbox) wrap(command, _ string, env []string, _ Mounts) (Launch, error) {
	return Launch{Path: "sh", Args: []string{"-c", command}, Env: env}, nil
}
