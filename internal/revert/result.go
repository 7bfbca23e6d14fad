package revert

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/storygate/storygate/internal/rootpath"
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

// How a file's or a hunk's verdict was reached: by a suite run of its
// own, for a hunk by its file's (the file escalated as a whole, could not
// be decided, or has one hunk), or not at all: the run budget ran out
// first, and the verdict is escalate.
const (
	DecidedByFile = "file"
	DecidedByHunk = "hunk"
	// Undecided: the run budget ran out before the file or hunk was
	// reverted on its own; its verdict is escalate (it fails closed).
	Undecided = "undecided"
)

// Decision is the verdict of one suite run over a set of reverted edits.
type Decision struct {
	Verdict Verdict `json:"verdict"`
	// Reason explains CouldNotRun.
	Reason string    `json:"reason,omitempty"`
	Run    *SuiteRun `json:"run,omitempty"`
}

// FileVerdict is the decision about one path under the file and hunk
// granularities: its verdict reverting the whole file on its own.
type FileVerdict struct {
	Path string `json:"path"`
	Kind string `json:"kind"`
	Decision
	// Decided is DecidedByFile, or Undecided when the budget ran out.
	Decided string `json:"decided"`
	// Hunks are the file's hunks under the hunk granularity.
	Hunks []HunkVerdict `json:"hunks,omitempty"`
}

// HunkVerdict is the decision about one hunk: the file at head with only
// that hunk set back to its base lines.
type HunkVerdict struct {
	Base Lines `json:"base"`
	Head Lines `json:"head"`
	Decision
	// Decided is DecidedByHunk when the hunk was reverted on its own,
	// Undecided when the budget ran out first, else its file's.
	Decided string `json:"decided"`
}

// Result is revert-check-result.json. Paths says exactly what was reverted,
// so a reader knows what the decision covers: without PerFile one verdict
// covers the whole set, and a forced repair in it shelters the rest.
type Result struct {
	Version int    `json:"version"`
	Ran     bool   `json:"ran"`
	Base    string `json:"base"`
	Head    string `json:"head"`
	// Root is where the stories' root is in the repository (Options.Root),
	// when it is not the top. Paths, Created and Files name repository
	// paths, as git reports them; the findings name paths relative to
	// Root, as every story finding does (Findings).
	Root  string   `json:"root,omitempty"`
	Paths []string `json:"paths"`
	// Created are governed paths the change created; they are not reverted.
	Created     []string `json:"created,omitempty"`
	Command     string   `json:"command"`
	Interpreter string   `json:"interpreter"`
	Verdict     Verdict  `json:"verdict"`
	ExitCode    int      `json:"exit_code"`
	OutputTail  string   `json:"output_tail"`
	Reason      string   `json:"reason,omitempty"`
	// Baseline is the suite's run on the unreverted head tree.
	Baseline *SuiteRun `json:"baseline,omitempty"`
	// Granularity is set, file or hunk: the one the check decided at
	// (auto resolved; auto only when the check stopped before choosing).
	// GranularityReason says why auto chose it. PerFile says it is not set.
	Granularity       Granularity `json:"granularity"`
	GranularityReason string      `json:"granularity_reason,omitempty"`
	PerFile           bool        `json:"per_file"`
	// MaxRuns is the run budget and Runs the suite runs made, the
	// baseline included. Incomplete names what the budget left undecided
	// (each of those escalates).
	MaxRuns    int    `json:"max_runs"`
	Runs       int    `json:"runs"`
	Incomplete string `json:"incomplete,omitempty"`
	// Set is the run reverting every edit together, under the file and
	// hunk granularities (the whole decision under set).
	Set   *Decision     `json:"set,omitempty"`
	Files []FileVerdict `json:"files,omitempty"`
	// Sandbox says how the suite runs were isolated, or why they were not.
	Sandbox *sandbox.Report `json:"sandbox,omitempty"`
	// Decided is false when nothing governed was collected: no tree was
	// built, nothing ran, and no artifact is written.
	Decided bool `json:"-"`
	kinds   map[string]string
}

// InRoot is the repository path p relative to Root: where a finding
// about p is (every path the check collects lies inside Root).
func (r *Result) InRoot(p string) string {
	rel, _ := rootpath.InDir(r.Root, p)
	return rel
}

// rootRelative is r with Paths, Created and the files' paths relative to
// Root, for the findings; r itself is left as it is.
func (r *Result) rootRelative() *Result {
	if r.Root == "" {
		return r
	}
	out := *r
	out.Paths, out.Created = r.inRoot(r.Paths), r.inRoot(r.Created)
	out.Files = make([]FileVerdict, len(r.Files))
	for i, f := range r.Files {
		f.Path = r.InRoot(f.Path)
		out.Files[i] = f
	}
	return &out
}

// RootPaths are the reverted paths relative to Root.
func (r *Result) RootPaths() []string { return r.inRoot(r.Paths) }

func (r *Result) inRoot(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = r.InRoot(p)
	}
	return out
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
