package revert

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/gitrepo"
)

// baselineRun names the first suite run, on the head tree, in progress.
const baselineRun = "suite on the head tree"

// runLabel names a suite run with blobs restored, in progress: the paths
// it reverts, the first few of them.
func runLabel(blobs []gitrepo.Blob) string {
	const shown = 3
	var paths []string
	for _, b := range blobs {
		if len(paths) == 0 || paths[len(paths)-1] != b.Path {
			paths = append(paths, b.Path)
		}
	}
	label := "suite without the edits to " + strings.Join(paths[:min(len(paths), shown)], ", ")
	if len(paths) > shown {
		label += fmt.Sprintf(" and %d more", len(paths)-shown)
	}
	return label
}

// runOutcome says how a suite run ended, for progress: ok when it went
// the way that lets the check go on (the baseline passing) or keeps the
// edits (the suite failing without them).
func runOutcome(baseline bool, run SuiteRun, verdict Verdict) (bool, string) {
	switch {
	case verdict == CouldNotRun:
		return false, "could not run"
	case baseline && verdict == Escalate:
		return true, "passed"
	case baseline:
		return false, fmt.Sprintf("failed (exit %d): nothing can be decided", run.ExitCode)
	case verdict == Escalate:
		return false, "passed: escalate"
	}
	return true, fmt.Sprintf("failed (exit %d): the edits are needed", run.ExitCode)
}
