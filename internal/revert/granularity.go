package revert

import (
	"fmt"

	"github.com/storygate/storygate/internal/config"
)

// Granularity is what one suite run of the check decides (revert.granularity).
type Granularity string

// The granularities. Finer ones run the coarser decisions too and only
// ever add escalations: a check at file or hunk granularity is never
// weaker than one at set.
const (
	// BySet reverts every governed edit together and decides on one run.
	BySet Granularity = config.GranularitySet
	// ByFile also decides each governed file on its own.
	ByFile Granularity = config.GranularityFile
	// ByHunk also decides each hunk of a modified governed file on its own.
	ByHunk Granularity = config.GranularityHunk
	// ByAuto is the finest granularity the run budget covers: ByHunk,
	// else ByFile (choose). It is the default.
	ByAuto Granularity = config.GranularityAuto
)

// ParseGranularity reads a revert.granularity or --granularity value.
func ParseGranularity(s string) (Granularity, error) {
	switch g := Granularity(s); g {
	case ByAuto, BySet, ByFile, ByHunk:
		return g, nil
	}
	return "", fmt.Errorf("granularity %q is not one of auto, set, file, hunk", s)
}

func (o Options) granularity() Granularity {
	if o.Granularity == "" {
		return ByAuto
	}
	return o.Granularity
}

func (o Options) maxRuns() int {
	if o.MaxRuns < config.MinMaxRuns {
		return config.DefaultMaxRuns
	}
	return o.MaxRuns
}

// choose resolves ByAuto to the finest granularity whose runs fit the
// budget, counted before any of them is made: deciding every file on its
// own takes the baseline, the set run (with more than one path) and one
// run per path; hunk granularity at most one more run per hunk of every
// file split into more than one. Hunk when that fits max_runs, else file,
// never set: at set one forced repair shelters every other edit, so a
// change could buy that shelter by adding edits. What file granularity
// does not reach within the budget escalates; the runs it leaves go to
// hunks in rank order, so a hunk that drops lines is still decided first
// when a change adds hunks to push the check to file.
func (r *runner) choose(pl plan) {
	r.g = r.opt.granularity()
	if r.g != ByAuto {
		return
	}
	fileRuns := 1 + len(pl)
	if len(pl) > 1 {
		fileRuns++
	}
	hunkRuns := fileRuns + pl.splitHunks()
	if hunkRuns <= r.res.MaxRuns {
		r.g = ByHunk
		r.res.GranularityReason = fmt.Sprintf("auto: hunk, as deciding every file and hunk on its own takes at most %d suite runs, within max_runs %d", hunkRuns, r.res.MaxRuns)
	} else {
		r.g, r.coarsened = ByFile, true
		r.res.GranularityReason = fmt.Sprintf("auto: file, as deciding every hunk on its own could take %d suite runs, more than max_runs %d (file takes %d); the runs left decide hunks, those that remove lines first, and the rest keep their file's verdict", hunkRuns, r.res.MaxRuns, fileRuns)
	}
	r.res.Granularity = r.g
}
