//go:build !linux

package cli

import "testing"

// stoppedSituations need the Linux kill harness (kill_harness_linux_test.go).
func stoppedSituations() []situation {
	return []situation{{"verify stopped by a signal", func(t *testing.T) (int, string, string) {
		t.Skip("the kill harness is Linux-only")
		return 0, "", ""
	}}}
}
