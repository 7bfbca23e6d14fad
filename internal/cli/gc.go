package cli

import (
	"os"
	"runtime/debug"
)

// batchMemoryLimit is the heap size a batch command may grow to before the
// garbage collector works harder; it keeps peak RSS under 200 MB.
const batchMemoryLimit = 170 << 20

// tuneGCForBatch lets the garbage collector run less often in commands that
// parse thousands of short-lived stories: with the default GOGC a third of
// validation time goes to collecting. The memory limit bounds what that
// trade costs. GOGC or GOMEMLIMIT in the environment win.
func tuneGCForBatch() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(700)
	debug.SetMemoryLimit(batchMemoryLimit)
}
