package revert

import (
	"github.com/storygate/storygate/internal/diag"
)

// The rule IDs the revert check reports.
const (
	RuleNotLoadBearing = "revert/not-load-bearing"
	RuleCouldNotRun    = "revert/could-not-run"
	RuleMayNotCreate   = "revert/may-not-create"
)

// Rules describes the rules, for printers that carry rule metadata.
var Rules = map[string]string{
	RuleNotLoadBearing: "governed test edits still pass the suite when reverted: escalate",
	RuleCouldNotRun:    "the revert check could not decide (no base version, suite would not start); fails closed",
	RuleMayNotCreate:   "a file was created under a governed prefix that the story was not granted",
}

// Findings turns a result into diagnostics, each on the governed path it is
// about. A permitted path is not a finding.
func Findings(r *Result) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, p := range r.Created {
		out = append(out, at(RuleMayNotCreate, p,
			"%s was created under a governed prefix the change was not granted; new files there are not decided by reverting, they may not be created", p))
	}
	if !r.Decided {
		return out
	}
	if len(r.Files) > 0 {
		return append(out, perFileFindings(r.Files)...)
	}
	return append(out, setFindings(r)...)
}

func perFileFindings(files []FileVerdict) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, f := range files {
		switch f.Verdict {
		case Escalate:
			out = append(out, at(RuleNotLoadBearing, f.Path,
				"with %s reverted to its base version on its own the suite still passes: the edit was not forced by the change (escalate)", f.Path))
		case CouldNotRun:
			out = append(out, at(RuleCouldNotRun, f.Path, "could not decide %s: %s", f.Path, f.Reason))
		}
	}
	return out
}

func setFindings(r *Result) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, p := range r.Paths {
		switch r.Verdict {
		case Escalate:
			out = append(out, at(RuleNotLoadBearing, p,
				"with %s reverted to its base version (%s) the suite still passes: the edits were not forced by the change (escalate)", p, together(len(r.Paths))))
		case CouldNotRun:
			out = append(out, at(RuleCouldNotRun, p, "could not decide %s: %s", p, r.Reason))
		}
	}
	return out
}

func together(n int) string {
	if n == 1 {
		return "the only governed edit"
	}
	return "together with the other governed edits; --per-file decides each on its own"
}

func at(rule, path, format string, args ...any) diag.Diagnostic {
	return diag.New(rule, diag.SeverityError, path, diag.Pos{}, format, args...)
}
