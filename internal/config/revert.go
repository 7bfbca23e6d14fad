package config

import (
	"fmt"

	"gopkg.in/yaml.v3"
)

// The revert.granularity values: what one suite run of the revert check
// decides (docs/revert-check.md).
const (
	// GranularityAuto is the finest of hunk and file the run budget
	// covers, counted before the runs; the default.
	GranularityAuto = "auto"
	// GranularitySet reverts every governed edit together, one decision.
	GranularitySet = "set"
	// GranularityFile decides each governed file on its own as well.
	GranularityFile = "file"
	// GranularityHunk decides each hunk of a governed file on its own as well.
	GranularityHunk = "hunk"
)

// DefaultMaxRuns is revert.max_runs when the configuration leaves it out.
const DefaultMaxRuns = 20

// MinMaxRuns is the smallest budget that still decides: the baseline run
// and the coarse run.
const MinMaxRuns = 2

// validateRevert checks revert.granularity and revert.max_runs.
func validateRevert(file string, root *yaml.Node, r Revert) error {
	fail := func(key, msg string) error {
		n := findKey(root, "revert", key)
		return &Error{File: file, Line: n.Line, Column: n.Column, Message: msg}
	}
	switch r.Granularity {
	case GranularityAuto, GranularitySet, GranularityFile, GranularityHunk:
	default:
		return fail("granularity", fmt.Sprintf("revert.granularity %q is not one of auto, set, file, hunk", r.Granularity))
	}
	if r.MaxRuns < MinMaxRuns {
		return fail("max_runs", fmt.Sprintf("revert.max_runs must be at least %d (the baseline run and the run that reverts every edit), got %d", MinMaxRuns, r.MaxRuns))
	}
	return nil
}
