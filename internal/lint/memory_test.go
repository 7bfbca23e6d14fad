package lint

import (
	"runtime"
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

// TestTheMemoryLimitIsSizedByWhatIsLive: after a collection the limit is
// what is live plus the headroom when that is above the corpus's floor,
// and the floor otherwise; TuneGC's watch applies it after a collection
// that leaves more live than the floor allows for, and stops at restore.
func TestTheMemoryLimitIsSizedByWhatIsLive(t *testing.T) {
	floor := BatchMemoryLimit(10000)
	for _, c := range []struct {
		live uint64
		want int64
	}{
		{0, floor},
		{uint64(floor - batchHeadroom), floor},
		{uint64(floor), floor + batchHeadroom},
		{1 << 30, 1<<30 + batchHeadroom},
	} {
		if got := liveLimit(floor, c.live); got != c.want {
			t.Errorf("liveLimit(%d, %d) = %d, want %d", floor, c.live, got, c.want)
		}
	}
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	before := debug.SetMemoryLimit(-1)
	restore := TuneGC(0)
	held := make([]byte, 48<<20) // live through the collections below
	for i := 0; i < 100 && debug.SetMemoryLimit(-1) == BatchMemoryLimit(0); i++ {
		runtime.GC()
		runtime.Gosched()
	}
	if got := debug.SetMemoryLimit(-1); got < int64(len(held))+batchHeadroom {
		t.Errorf("memory limit %d with %d bytes live, want at least their sum with the headroom", got, len(held))
	}
	runtime.KeepAlive(held)
	restore()
	runtime.GC()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("memory limit %d after restore, want %d", got, before)
	}
}
