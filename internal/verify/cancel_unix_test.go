//go:build unix

package verify

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRunStopsACancelledCommandWithSIGTERMFirst runs a command that
// answers SIGTERM by saying so, and ends it two ways: a cancelled run
// (storygate got SIGINT or SIGTERM) asks the group to stop with SIGTERM
// first, so the command's handler runs; the time limit kills it with
// SIGKILL, as it always has, so the handler never runs.
func TestRunStopsACancelledCommandWithSIGTERMFirst(t *testing.T) {
	for _, tc := range []struct {
		name     string
		cancel   bool
		timeout  time.Duration
		wantTerm bool
	}{
		{"cancelled run", true, time.Minute, true},
		{"time limit", false, 300 * time.Millisecond, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			ready := filepath.Join(dir, "ready")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.cancel {
				go func() {
					for {
						if _, err := os.Stat(ready); err == nil {
							cancel()
							return
						}
						time.Sleep(10 * time.Millisecond)
					}
				}()
			}
			x := Run(ctx, Spec{Command: "trap 'echo got-term; exit 0' TERM; touch ready; while :; do sleep 0.05; done",
				Dir: dir, Env: os.Environ(), Timeout: tc.timeout})
			if got := strings.Contains(x.Stdout, "got-term"); got != tc.wantTerm || x.TimedOut == tc.cancel {
				t.Errorf("SIGTERM handler ran = %v (want %v), timed out = %v: %+v", got, tc.wantTerm, x.TimedOut, x)
			}
		})
	}
}
