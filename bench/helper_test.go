package bench

import (
	"os"
	"testing"

	"github.com/storygate/storygate/internal/sandboxexec"
)

// TestMain lets this binary stand in for storygate as the sandbox's
// Landlock helper (sandbox.Policy.Helper), as cmd/storygate does, so the
// benchmark measures the layer too.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == sandboxexec.Command {
		os.Exit(sandboxexec.Run(os.Args[2:], os.Stderr))
	}
	os.Exit(m.Run())
}
