package lint

import (
	"runtime/debug"
	"testing"
)

// TestBatchMemoryLimitGrowsWithTheCorpus: the limit rises with the number
// of stories (a fixed one starved the collector at 100,000), stays within
// the 400 MB peak RSS target there, and TuneGC puts back what it changed.
func TestBatchMemoryLimitGrowsWithTheCorpus(t *testing.T) {
	small, large := BatchMemoryLimit(10000), BatchMemoryLimit(100000)
	if small < 128<<20 || large <= small {
		t.Errorf("limits %d (10,000 stories), %d (100,000): want at least 128 MiB, growing", small, large)
	}
	if large > 380e6 {
		t.Errorf("limit at 100,000 stories is %d bytes; peak RSS must stay under 400 MB", large)
	}
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	restore := TuneGC(100000)
	if got := debug.SetMemoryLimit(-1); got != large {
		t.Errorf("memory limit %d while tuned, want %d", got, large)
	}
	restore()
	if got := debug.SetGCPercent(-1); got != 100 {
		t.Errorf("GOGC %d after restore, want 100", got)
	}
	debug.SetGCPercent(100)
	t.Setenv("GOGC", "50")
	TuneGC(100000)()
	if got := debug.SetGCPercent(-1); got != 100 {
		t.Errorf("GOGC in the environment did not win: %d", got)
	}
}
