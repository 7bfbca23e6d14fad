package lint

import (
	"os"
	"runtime/debug"
)

// Memory policy of a batch run. Parsing thousands of short-lived stories
// with the default GOGC spends a third of the time collecting, so a batch
// run lets the heap grow to eight times what is live (GOGC 700). A memory
// limit bounds what that trade costs; it grows with the corpus, because
// what stays live (the packed slim stories, their findings, and at the end
// the unpacked slim stories the set rules read) does: a fixed limit below
// twice the live heap makes the collector run back to back (at 100,000
// stories a fixed 128 MiB cost 5.5× the parse floor).
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
	liveBytesPerStory = 2 << 10
)

// TuneGC applies the batch memory policy for a run over n stories and
// returns the function that restores the previous settings. GOGC or
// GOMEMLIMIT in the environment win: the policy then changes nothing.
func TuneGC(n int) (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	percent := debug.SetGCPercent(batchGCPercent)
	limit := debug.SetMemoryLimit(BatchMemoryLimit(n))
	return func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
}

// BatchMemoryLimit is the heap a batch run over n stories may grow to
// before the collector works harder.
func BatchMemoryLimit(n int) int64 {
	return batchHeadroom + int64(n)*liveBytesPerStory
}
