//go:build !linux

package sandboxexec

import "io"

// Run exists on Linux only, where the sandbox runs it.
func Run(_ []string, stderr io.Writer) int {
	_, _ = io.WriteString(stderr, "storygate sandbox: the Landlock helper needs Linux\n")
	return 126
}
