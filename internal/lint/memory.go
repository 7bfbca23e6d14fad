package lint

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// Memory policy of a batch run. Parsing thousands of short-lived stories
// with the default GOGC spends a third of the time collecting, so a batch
// run lets the heap grow to eight times what is live (GOGC 700). A memory
// limit bounds what that trade costs. The limit is sized by what is live:
// it starts at what the slim stories of the corpus keep (BatchMemoryLimit),
// and after every collection it is raised, when it has to be, to what that
// collection left live plus the headroom (liveLimit). A fixed limit close
// to the live heap makes the collector run back to back: 128 MiB cost 5.5×
// the parse floor at 100,000 stories, and the 128 MiB + 2 KiB per story
// that fixed cost 53% of the CPU in the collector when a change kept 1,000
// changed stories whole (issue 29).
const (
	batchGCPercent = 700
	// batchHeadroom covers the full stories the workers hold at once and
	// the garbage of parsing them.
	batchHeadroom = 128 << 20
	// liveBytesPerStory is what each story adds to the limit: a little
	// less than twice what an unpacked slim story and its share of the
	// findings keep live at the end of a run (1.2 KB per generated story),
	// so the room left for garbage grows with the corpus. While stories
	// are parsed they are held packed (about 140 bytes, never scanned), so
	// the collector marks 30-50 MB at 100,000 stories instead of 160 MB.
	// At 100,000 stories the limit is 339 MB and peak RSS about 360 MB;
	// 2.25 KB per story measured no faster and peaked at 391 MB, too
	// close to the 400 MB target.
	// The limit does not grow with the stories a change touched: with
	// each changed story slimmed once its pair rules have run, 6 KiB more
	// per changed story (60 MiB at 10,000) measured no faster and peaked
	// 50 MB higher (issue 29).
	liveBytesPerStory = 2 << 10
)

// TuneGC applies the batch memory policy for a run over n stories and
// returns the function that restores the previous settings. GOGC or
// GOMEMLIMIT in the environment win: the policy then changes nothing.
func TuneGC(n int) (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	t := &gcTuner{floor: BatchMemoryLimit(n)}
	t.percent = debug.SetGCPercent(batchGCPercent)
	t.limit = debug.SetMemoryLimit(t.floor)
	t.watch()
	return t.restore
}

// BatchMemoryLimit is the heap a batch run over n stories may grow to
// before the collector works harder, while what is live stays below it
// by the headroom (liveLimit).
func BatchMemoryLimit(n int) int64 {
	return batchHeadroom + int64(n)*liveBytesPerStory
}

// liveLimit is the memory limit after a collection that left live bytes
// live: the run's floor, or more when the live heap leaves less than the
// headroom below it.
func liveLimit(floor int64, live uint64) int64 {
	return max(floor, int64(live)+batchHeadroom)
}

// gcTuner re-sizes the memory limit after every collection while a batch
// run lasts: a finalizer on a fresh object runs once per cycle that finds
// it unreachable, and arms the next.
type gcTuner struct {
	floor   int64
	percent int
	limit   int64
	mu      sync.Mutex
	stopped bool
	sample  []metrics.Sample
}

func (t *gcTuner) watch() {
	t.sample = []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	t.arm()
}

// cycleMark is the object whose finalizer marks a collection; it holds a
// pointer, so the allocator never batches it with others (a finalizer on
// a tiny pointer-free object may never run).
type cycleMark struct{ _ *int }

func (t *gcTuner) arm() {
	runtime.SetFinalizer(&cycleMark{}, func(*cycleMark) {
		t.mu.Lock()
		defer t.mu.Unlock()
		if t.stopped {
			return
		}
		metrics.Read(t.sample)
		if t.sample[0].Value.Kind() == metrics.KindUint64 {
			debug.SetMemoryLimit(liveLimit(t.floor, t.sample[0].Value.Uint64()))
		}
		t.arm()
	})
}

// restore puts back the settings TuneGC found; no collection after it
// changes the limit.
func (t *gcTuner) restore() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopped = true
	debug.SetGCPercent(t.percent)
	debug.SetMemoryLimit(t.limit)
}
