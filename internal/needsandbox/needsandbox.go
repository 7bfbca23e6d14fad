// Package needsandbox is what a test that needs the sandbox does on a
// machine where none can start: it skips, unless the machine is meant to
// have one (STORYGATE_REQUIRE_SANDBOX set, as .ci/run sets it after
// installing bubblewrap), where it fails. A sandbox that silently stops
// starting would otherwise turn every sandbox test into a skip.
package needsandbox

import (
	"os"
	"testing"
)

// RequireEnv names the variable that makes a missing sandbox a failure.
const RequireEnv = "STORYGATE_REQUIRE_SANDBOX"

// Missing skips t (fails it when RequireEnv is set), saying why no
// sandbox starts.
func Missing(t testing.TB, reason string) {
	t.Helper()
	if os.Getenv(RequireEnv) != "" {
		t.Fatalf("no sandbox on this machine, and %s is set: %s", RequireEnv, reason)
		return
	}
	t.Skipf("no sandbox on this machine: %s", reason)
}
