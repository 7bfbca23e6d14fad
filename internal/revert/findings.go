package revert

import (
	"fmt"

	"github.com/storygate/storygate/internal/diag"
)

// The rule IDs the revert check reports; what each is, is its catalog
// entry (revert/may-not-create is the story rules' too).
const (
	RuleNotLoadBearing = "revert/not-load-bearing"
	RuleCouldNotRun    = "revert/could-not-run"
	RuleMayNotCreate   = "revert/may-not-create"
	RuleUndecided      = "revert/undecided"
	// RuleRuled is the notice the gate puts in place of a finding above
	// that an authorized human ruled on (/allow-test-edit).
	RuleRuled = "revert/ruled"
	// RuleNoSuite is the gate's notice on each governed edit when no
	// suite is configured.
	RuleNoSuite = "revert/no-suite"
)

// Findings turns a result into diagnostics, each on the governed path it is
// about, relative to the root (Result.Root) as a story's findings are.
// A permitted path is not a finding.
func Findings(r *Result) []diag.Diagnostic {
	r = r.rootRelative()
	var out []diag.Diagnostic
	for _, p := range r.Created {
		out = append(out, at(RuleMayNotCreate, p,
			"%s was created under a governed prefix the change was not granted; new files there are not decided by reverting, they may not be created", p))
	}
	if !r.Decided {
		return out
	}
	if len(r.Files) > 0 {
		return append(out, fineFindings(r)...)
	}
	return append(out, setFindings(r, len(r.Paths))...)
}

// fineFindings reports each file at its finest decision: the hunks that
// escalated (or could not be decided) on their own, else the file's own
// verdict, else the set's, so a file forced on its own but not needed
// together with the others is still reported.
func fineFindings(r *Result) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, f := range r.Files {
		ds := hunkFindings(f)
		if len(ds) == 0 {
			ds = fileFindings(f)
		}
		if len(ds) == 0 && r.Set != nil {
			ds = setFindings(&Result{Paths: []string{f.Path}, Verdict: r.Set.Verdict, Reason: r.Set.Reason}, len(r.Paths))
		}
		out = append(out, ds...)
	}
	return out
}

func hunkFindings(f FileVerdict) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, h := range f.Hunks {
		pos := diag.Pos{Line: h.Head.Start}
		switch {
		case h.Decided == Undecided && f.Decided != Undecided:
			out = append(out, diag.New(RuleUndecided, diag.SeverityError, f.Path, pos,
				"the hunk %s of %s was never reverted on its own: %s (escalate)", HunkRange(h.Base, h.Head), f.Path, h.Reason))
		case h.Decided != DecidedByHunk:
		case h.Verdict == Escalate:
			out = append(out, diag.New(RuleNotLoadBearing, diag.SeverityError, f.Path, pos,
				"with only the hunk %s of %s reverted the suite still passes: that part of the edit was not forced by the change (escalate), although the file as a whole was",
				HunkRange(h.Base, h.Head), f.Path))
		case h.Verdict == CouldNotRun:
			out = append(out, diag.New(RuleCouldNotRun, diag.SeverityError, f.Path, pos, "could not decide the hunk %s of %s: %s", HunkRange(h.Base, h.Head), f.Path, h.Reason))
		}
	}
	return out
}

func fileFindings(f FileVerdict) []diag.Diagnostic {
	switch {
	case f.Decided == Undecided:
		return []diag.Diagnostic{at(RuleUndecided, f.Path, "%s was never reverted on its own: %s (escalate)", f.Path, f.Reason)}
	case f.Verdict == Escalate:
		return []diag.Diagnostic{at(RuleNotLoadBearing, f.Path,
			"with %s reverted to its base version on its own the suite still passes: the edit was not forced by the change (escalate)", f.Path)}
	case f.Verdict == CouldNotRun:
		return []diag.Diagnostic{at(RuleCouldNotRun, f.Path, "could not decide %s: %s", f.Path, f.Reason)}
	}
	return nil
}

// HunkRange prints a hunk's lines as `git diff -U0` heads it: -12,3 +12,4.
func HunkRange(base, head Lines) string {
	return fmt.Sprintf("-%d,%d +%d,%d", base.Start, base.Count, head.Start, head.Count)
}

// setFindings reports r's paths under one decision over n reverted paths.
func setFindings(r *Result, n int) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, p := range r.Paths {
		switch r.Verdict {
		case Escalate:
			out = append(out, at(RuleNotLoadBearing, p,
				"with %s reverted to its base version (%s) the suite still passes: the edits were not forced by the change (escalate)", p, together(n)))
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
	return "together with the other governed edits; revert.granularity file or hunk decides each on its own"
}

func at(rule, path, format string, args ...any) diag.Diagnostic {
	return diag.New(rule, diag.SeverityError, path, diag.Pos{}, format, args...)
}
