package config

import "fmt"

// FilterMode is the gate's filter mode: which stories a run judges, as
// reviewdog's -filter-mode (docs/configuration.md).
type FilterMode string

// The filter modes.
const (
	// FilterChanged judges the stories the change touched; the findings
	// on the others are reported apart and decide nothing.
	FilterChanged FilterMode = "changed"
	// FilterAll judges every story.
	FilterAll FilterMode = "all"
)

// ParseFilterMode reads a filter mode written as text (gate.filter, the
// --filter flag, the action's filter input): the one place its legal
// values are checked. The caller positions the error at what it read.
func ParseFilterMode(text string) (FilterMode, error) {
	switch mode := FilterMode(text); mode {
	case FilterChanged, FilterAll:
		return mode, nil
	}
	return "", fmt.Errorf("unknown filter mode %q (legal: %s, %s)", text, FilterChanged, FilterAll)
}
