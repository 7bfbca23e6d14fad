//go:build !linux

package cli

import (
	"os"
	"testing"
)

// runUnreadable runs storygate with args so that a file of mode 000 cannot
// be read by it; only Linux can take root's reading of every file away
// (unreadable_linux_test.go), so elsewhere root skips.
func runUnreadable(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	if os.Geteuid() == 0 {
		t.Skip("root reads a mode-000 file; dropping CAP_DAC_OVERRIDE needs Linux")
	}
	return run(t, args...)
}
