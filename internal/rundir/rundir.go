// Package rundir answers one question: where does a run write the files no
// flag placed? Never in the current directory or the checkout, and never at
// a fixed path under the shared temp dir, where another run or another user
// could have put a file (or a symlink) first. Its temporary directories
// (Temp) are named by the run that made them, so that the next run can
// sweep what a killed one left (Sweep).
package rundir

import (
	"fmt"
	"os"
	"path/filepath"
)

// For returns the directory for the output called name (such as
// "storygate-results"): runnerTemp/name inside GitHub Actions, where
// RUNNER_TEMP is the job's own directory and later steps look there; else a
// new directory for this run under the temp dir, created with mode 0700.
func For(runnerTemp, name string) (string, error) {
	if runnerTemp != "" {
		return filepath.Join(runnerTemp, name), nil
	}
	dir, err := os.MkdirTemp("", name+"-")
	if err != nil {
		return "", fmt.Errorf("directory for %s: %w", name, err)
	}
	return dir, nil
}
