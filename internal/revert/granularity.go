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
)

// ParseGranularity reads a revert.granularity or --granularity value.
func ParseGranularity(s string) (Granularity, error) {
	switch g := Granularity(s); g {
	case BySet, ByFile, ByHunk:
		return g, nil
	}
	return "", fmt.Errorf("granularity %q is not one of set, file, hunk", s)
}

func (o Options) granularity() Granularity {
	if o.Granularity == "" {
		return BySet
	}
	return o.Granularity
}

func (o Options) maxRuns() int {
	if o.MaxRuns < config.MinMaxRuns {
		return config.DefaultMaxRuns
	}
	return o.MaxRuns
}
