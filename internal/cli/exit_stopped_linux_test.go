package cli

import (
	"syscall"
	"testing"
)

// stoppedSituations stop the real binary mid-verify with each signal a
// cancelled job or a terminal sends; the kill tests
// (TestSignalsEndEveryPhaseCleanly) check what is left behind, these the
// exit code the table promises.
func stoppedSituations() []situation {
	var out []situation
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		out = append(out, situation{"verify stopped by " + signalName(sig), func(t *testing.T) (int, string, string) {
			bin := buildStorygate(t)
			run, marker, _, tmp := startPhase(t, bin, killPhases(t)[0])
			run.signal(t, sig)
			code := run.wait(t)
			assertNothingLeft(t, marker, tmp)
			return code, run.output(), "stopped by " + signalName(sig)
		}})
	}
	return out
}
