// Package gate defines the results document of one gate run: what every
// gate (stories, verify, revert-check, stages, records) concluded, the
// findings behind each conclusion and, per story, its state, path through
// the state machine, verification reruns and revert verdict.
//
// The document is written before anything is published, and publishing reads
// nothing else. That split is the security boundary of the fork-safe flow:
// the phase that runs code from the pull request holds no write token, and
// the phase that holds one only reads this document, as data.
package gate

import "github.com/storygate/storygate/internal/diag"

// Version is the version of the results document; it changes only when a
// field changes meaning or disappears.
const Version = 1

// Name is a gate's stable name; its check run is named by Identity.
type Name string

// The gates, in the order they are reported.
const (
	Stories     Name = "stories"
	Verify      Name = "verify"
	RevertCheck Name = "revert-check"
	Stages      Name = "stages"
	Records     Name = "records"
)

// Names lists every gate in report order.
var Names = []Name{Stories, Verify, RevertCheck, Stages, Records}

// DefaultNames are the gates reported on every run; stages and records are
// reported only when their files change.
var DefaultNames = []Name{Stories, Verify, RevertCheck}

// Known reports whether n is one of Names.
func (n Name) Known() bool {
	for _, k := range Names {
		if k == n {
			return true
		}
	}
	return false
}

// Results is the results document.
type Results struct {
	Version int `json:"version"`
	// Storygate is the version of the binary that wrote the document.
	Storygate string `json:"storygate"`
	Event     Event  `json:"event"`
	// Judged are the commits the run judged, when it had a base: the
	// privileged half of the pair recomputes from exactly these, checked
	// against GitHub, whatever its own checkout holds.
	Judged *Judged `json:"judged,omitempty"`
	// Root is where the stories' root was in the repository, when it was
	// not its top (a monorepo's package). Every path in the document is
	// from the repository's top all the same, as GitHub resolves paths
	// (InRepository).
	Root       string      `json:"root,omitempty"`
	Conclusion Conclusion  `json:"conclusion"`
	Counts     diag.Counts `json:"counts"`
	Gates      []Gate      `json:"gates"`
	Stories    []Story     `json:"stories"`
	// Notes are run-wide remarks a reviewer should see, e.g. that no base
	// revision was known so the base rules were skipped.
	Notes []string `json:"notes,omitempty"`
	// Isolation says how the commands from the change ran, when any did:
	// publish carries it from the document with verify and revert-check,
	// and the comment says at its top when they ran without a sandbox.
	Isolation *Isolation `json:"isolation,omitempty"`
}

// Isolation is how a run's commands from the change were isolated.
type Isolation struct {
	// Sandboxed is true when they ran in the sandbox.
	Sandboxed bool `json:"sandboxed"`
	// Mode is verify.sandbox: auto, required or off.
	Mode string `json:"mode"`
	// Summary says it in one sentence (sandbox.Report.Summary), with the
	// reason when they were not sandboxed.
	Summary string `json:"summary"`
}

// Event is what the run was about.
type Event struct {
	// Name is GITHUB_EVENT_NAME, or "local" for a run outside Actions.
	Name   string `json:"name"`
	Action string `json:"action,omitempty"`
	// Repository is "owner/name".
	Repository  string `json:"repository,omitempty"`
	PullRequest int    `json:"pull_request,omitempty"`
	HeadSHA     string `json:"head_sha,omitempty"`
	HeadRef     string `json:"head_ref,omitempty"`
	BaseSHA     string `json:"base_sha,omitempty"`
	BaseRef     string `json:"base_ref,omitempty"`
	// RunURL is the workflow run that produced the document.
	RunURL string `json:"run_url,omitempty"`
}

// Judged are the commits of a run with a base, full hashes.
type Judged struct {
	// Base is the named base's commit (the base branch's, at the run):
	// the policy was read there.
	Base string `json:"base"`
	// MergeBase is where the change starts: the merge base of Base and
	// Head. The changed files are MergeBase..Head.
	MergeBase string `json:"merge_base"`
	// Head is the commit judged: the pull request's head, or the merge
	// commit the workflow checked out.
	Head string `json:"head"`
}

// Gate is one gate's outcome.
type Gate struct {
	Name       Name       `json:"name"`
	Conclusion Conclusion `json:"conclusion"`
	// Title is the one-line headline of the check run.
	Title string `json:"title"`
	// Detail is an optional Markdown fragment the gate contributes to the
	// report (e.g. what changed in the stage graph).
	Detail      string            `json:"detail,omitempty"`
	Diagnostics []diag.Diagnostic `json:"diagnostics"`
	// Untouched are findings on stories (and stage files) the change did not touch (the
	// changed filter mode, docs/configuration.md): reported apart, never
	// annotated, and not part of the conclusion or the counts.
	Untouched []diag.Diagnostic `json:"untouched,omitempty"`
}

// Story is one story as the report shows it.
type Story struct {
	File      string `json:"file"`
	ID        string `json:"id"`
	Title     string `json:"title"`
	State     string `json:"state"`
	BaseState string `json:"base_state,omitempty"`
	// Transitions is the story's path through the state machine, from its
	// Transition Log; rows naming unknown states or events are left out
	// and counted in UndrawnMoves, so the report can say they exist.
	Transitions  []Transition `json:"transitions"`
	UndrawnMoves int          `json:"undrawn_moves,omitempty"`
	Verification []Check      `json:"verification,omitempty"`
	// Generating is set when the story is generating in the change
	// (change.Pair.Generating): only such a story may write files other
	// than stories, so the revert check's verdict judges its edits, and
	// the comment shows the verdict under it alone.
	Generating bool    `json:"generating,omitempty"`
	Revert     *Revert `json:"revert,omitempty"`
	// NotRecomputed is set by publish on a story whose Verification and
	// Revert it took from the unprivileged run's document (they need
	// execution) rather than deciding them itself; printers say so.
	NotRecomputed bool `json:"not_recomputed,omitempty"`
}

// NotRecomputedNote is how printers mark a Story's NotRecomputed rows.
const NotRecomputedNote = "not recomputed: from the unprivileged run"

// Transition is one Transition Log row.
type Transition struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Event string `json:"event"`
	Actor string `json:"actor,omitempty"`
	// UnknownActor is set when the row names an actor that is no role
	// (the name itself stays out of the document): a move nobody may make.
	UnknownActor bool `json:"unknown_actor,omitempty"`
}

// Check is one verification rerun of a story.
type Check struct {
	ID         string `json:"id"`
	Command    string `json:"command"`
	Verdict    string `json:"verdict"`
	ExitCode   int    `json:"exit_code"`
	DurationMS int64  `json:"duration_ms"`
	// Claimed is what the story recorded (PASS, FAIL, NOT RUN), if anything.
	Claimed string `json:"claimed,omitempty"`
	Error   string `json:"error,omitempty"`
	// OutputTail is the end of the rerun's output (stdout, then stderr),
	// kept for failed reruns so a reviewer sees why without the logs.
	OutputTail string `json:"output_tail,omitempty"`
	// Cause is the last lines of a failed rerun's stderr (verify.Cause),
	// which the comment shows above the collapsed output: why it failed.
	Cause string `json:"cause,omitempty"`
}

// Revert is a story's revert-check verdict: permitted, escalate,
// could_not_run, or not_needed when no governed file was modified.
type Revert struct {
	Verdict    string   `json:"verdict"`
	Paths      []string `json:"paths,omitempty"`
	Command    string   `json:"command,omitempty"`
	ExitCode   int      `json:"exit_code"`
	OutputTail string   `json:"output_tail,omitempty"`
	// Granularity is set, file or hunk: the one the check decided at
	// (revert.granularity, auto resolved); GranularityReason says why
	// auto chose it.
	Granularity       string `json:"granularity,omitempty"`
	GranularityReason string `json:"granularity_reason,omitempty"`
	// SetVerdict is, at file or hunk granularity, the verdict of the run
	// that reverted every governed edit together: a set that is forced as a
	// whole can still escalate on a file or hunk decided on its own, and
	// the summary must say which of the two happened.
	SetVerdict string `json:"set_verdict,omitempty"`
	// Decisions name every file and hunk decided at file or hunk
	// granularity, with its verdict.
	Decisions []RevertDecision `json:"decisions,omitempty"`
	// Incomplete names what the run budget (revert.max_runs) left
	// undecided: each of those is escalate.
	Incomplete string `json:"incomplete,omitempty"`
	// Ruled are the paths a human's ruling (`/allow-test-edit`) permits
	// although the check escalated or could not decide them.
	Ruled []RevertRuled `json:"ruled,omitempty"`
}

// RevertRuled is one path a human ruled on: who (@login) and in which
// comment.
type RevertRuled struct {
	Path   string `json:"path"`
	By     string `json:"by"`
	Source string `json:"source"`
}

// RevertDecision is the verdict on one governed file, or one hunk of it.
type RevertDecision struct {
	Path string `json:"path"`
	// Lines is a hunk's range as `git diff -U0` heads it (-3,0 +4,1);
	// empty for the whole file.
	Lines   string `json:"lines,omitempty"`
	Verdict string `json:"verdict"`
	// Decided is how: hunk, file (its own run, or its file's), or
	// undecided (the budget ran out first; the verdict is escalate).
	Decided string `json:"decided"`
}

// Gate returns the named gate's outcome, if the document has one.
func (r *Results) Gate(n Name) (Gate, bool) {
	for _, g := range r.Gates {
		if g.Name == n {
			return g, true
		}
	}
	return Gate{}, false
}

// Diagnostics returns every finding of every gate, sorted.
func (r *Results) Diagnostics() []diag.Diagnostic {
	return r.gather(func(g Gate) []diag.Diagnostic { return g.Diagnostics })
}

// Untouched returns the findings on stories the change did not touch, of
// every gate, sorted.
func (r *Results) Untouched() []diag.Diagnostic {
	return r.gather(func(g Gate) []diag.Diagnostic { return g.Untouched })
}

// gather collects one list of findings of every gate, sorted.
func (r *Results) gather(of func(Gate) []diag.Diagnostic) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, g := range r.Gates {
		out = append(out, of(g)...)
	}
	diag.Sort(out)
	return out
}

// Finish recomputes the run-wide conclusion and counts from the gates, so
// they can never disagree with the findings they summarise.
func (r *Results) Finish() {
	r.Version = Version
	r.Counts = diag.Count(r.Diagnostics())
	concl := make([]Conclusion, 0, len(r.Gates))
	for _, g := range r.Gates {
		concl = append(concl, g.Conclusion)
	}
	r.Conclusion = Worst(concl...)
}
