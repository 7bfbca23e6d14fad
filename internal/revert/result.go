package revert

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/storygate/storygate/internal/sandbox"
)

// Verdict is the revert check's decision.
type Verdict string

// The verdicts of story-017. CouldNotRun fails closed: it is reported as a
// finding just as Escalate is.
const (
	// Permitted: reverting the edits makes the suite fail, so they were forced.
	Permitted Verdict = "permitted"
	// Escalate: the suite still passes with the edits reverted, so they were
	// not load-bearing and a human must look.
	Escalate Verdict = "escalate"
	// CouldNotRun: no decision (no base version, suite would not start or
	// fails before anything is reverted, time limit).
	CouldNotRun Verdict = "could_not_run"
)

// ResultVersion is the version of revert-check-result.json.
const ResultVersion = 1

// DefaultArtifact is the file name of the result artifact.
const DefaultArtifact = "revert-check-result.json"

// SuiteRun is one run of the suite.
type SuiteRun struct {
	ExitCode   int   `json:"exit_code"`
	DurationMS int64 `json:"duration_ms"`
	// OutputTail is the end of stdout and stderr, interleaved.
	OutputTail    string `json:"output_tail"`
	OutputDropped int64  `json:"output_dropped_bytes"`
}

// FileVerdict is the decision about one path under --per-file.
type FileVerdict struct {
	Path    string  `json:"path"`
	Kind    string  `json:"kind"`
	Verdict Verdict `json:"verdict"`
	// Reason explains CouldNotRun.
	Reason string    `json:"reason,omitempty"`
	Run    *SuiteRun `json:"run,omitempty"`
}

// Result is revert-check-result.json. Paths says exactly what was reverted,
// so a reader knows what the decision covers: without PerFile one verdict
// covers the whole set, and a forced repair in it shelters the rest.
type Result struct {
	Version int      `json:"version"`
	Ran     bool     `json:"ran"`
	Base    string   `json:"base"`
	Head    string   `json:"head"`
	Paths   []string `json:"paths"`
	// Created are governed paths the change created; they are not reverted.
	Created     []string `json:"created,omitempty"`
	Command     string   `json:"command"`
	Interpreter string   `json:"interpreter"`
	Verdict     Verdict  `json:"verdict"`
	ExitCode    int      `json:"exit_code"`
	OutputTail  string   `json:"output_tail"`
	Reason      string   `json:"reason,omitempty"`
	// Baseline is the suite's run on the unreverted head tree.
	Baseline *SuiteRun     `json:"baseline,omitempty"`
	PerFile  bool          `json:"per_file"`
	Files    []FileVerdict `json:"files,omitempty"`
	// Sandbox says how the suite runs were isolated, or why they were not.
	Sandbox *sandbox.Report `json:"sandbox,omitempty"`
	// Decided is false when nothing governed was collected: no tree was
	// built, nothing ran, and no artifact is written.
	Decided bool `json:"-"`
	kinds   map[string]string
}

// Write encodes the result as indented JSON.
func (r *Result) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("write revert check result: %w", err)
	}
	return nil
}
