package collect

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/storygate/storygate/internal/change"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/revert"
	"github.com/storygate/storygate/internal/rootpath"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/verify"
)

// The revert verdicts, as the revert check writes them.
const (
	RevertPermitted   = "permitted"
	RevertEscalate    = "escalate"
	RevertCouldNotRun = "could_not_run"
	RevertNotNeeded   = "not_needed"
	// RevertNoSuite: governed files were edited, but no revert.suite is
	// configured, so nothing decides them: neutral, with the fix.
	RevertNoSuite = "no_suite"
)

// NoSuiteFix is the one-line fix a run without a revert suite names.
const NoSuiteFix = "set the suite in .github/storygate.yml, e.g. `revert: {suite: \"go test ./...\"}`"

// RevertInput is what one revert check needs.
type RevertInput struct {
	// Target is the run's: the repository, the root's place in it (the
	// revert check's prefixes are relative to it), the change's merge
	// base and head, and the changed files.
	Target *target.Target
	// Governed are the governed prefixes, relative to the root.
	Governed []string
	// Grants are the change model's grants: what the stories generating
	// in the change may write (change.Change.Grants), never reverted;
	// their paths are relative to Root.
	Grants change.Grants
	// Suite is the configured suite command.
	Suite string
	// Granularity and MaxRuns are revert.granularity and revert.max_runs.
	Granularity string
	MaxRuns     int
	// Environ is the cleaned environment the suite runs in.
	Environ []string
	// Sandbox isolates the suite runs; Snapshot holds the base versions,
	// read before any command from the change ran (collect/isolation.go).
	Sandbox  *sandbox.Sandbox
	Snapshot *gitrepo.Snapshot
	// Progress hears each suite run start and finish (Options.Progress).
	Progress verify.Progress
}

// RevertFunc runs the revert check and returns its verdict and findings.
// It is a seam: the command wires in the revert package.
type RevertFunc func(ctx context.Context, in RevertInput) (gate.Revert, []diag.Diagnostic, error)

// revertGate decides governed test edits once for the change, with the
// change model's grants, and shows the verdict on each changed story.
func (r *run) revertGate() error {
	runs, reported := r.selected(gate.RevertCheck)
	switch {
	case !runs && reported:
		r.skip(gate.RevertCheck)
		return nil
	case !runs:
		return nil
	case !r.t.HasBase():
		r.add(gate.RevertCheck, gate.Outcome{}, "no base revision: nothing to compare", "")
		return nil
	}
	in := r.revertInput()
	if strings.TrimSpace(in.Suite) == "" {
		return r.noSuite(in)
	}
	verdict, ds, err := r.runRevert(in)
	if err == nil {
		verdict, ds, err = r.applyRulings(verdict, ds)
	}
	if err != nil {
		return fmt.Errorf("gate: revert check: %w", err)
	}
	for _, s := range r.stories {
		if r.changed(s.File) {
			v := verdict
			s.Revert = &v
		}
	}
	o := RevertOutcome(verdict, ds)
	r.add(gate.RevertCheck, o, revertTitle(verdict), "")
	return nil
}

// revertDecides reports whether the revert step decides the change's
// governed edits: it is chosen, there is a base, and a suite is
// configured. Then a forced repair outside scope.write is the revert
// check's to permit, and any other governed edit its to escalate, so
// scope/out-of-scope leaves them to it (docs/revert-check.md, "Governed
// files outside scope.write"); without a suite, the no-suite notice
// decides nothing, and the scope finding stays.
func (r *run) revertDecides() bool {
	runs, _ := r.chosen(gate.RevertCheck)
	return runs && r.t.HasBase() && strings.TrimSpace(r.cfg.Revert.Suite) != ""
}

func (r *run) revertInput() RevertInput {
	cfg := r.cfg
	return RevertInput{Target: r.t, Governed: cfg.Revert.Governed,
		Suite: cfg.Revert.Suite, Granularity: cfg.Revert.Granularity, MaxRuns: cfg.Revert.MaxRuns, Environ: r.cleanEnviron(), Grants: r.lint.Change.Grants(),
		Progress: r.opts.Progress}
}

// runRevert calls the revert check when governed files were edited. Without
// one wired in, edits it should have decided fail closed.
func (r *run) runRevert(in RevertInput) (gate.Revert, []diag.Diagnostic, error) {
	paths := GovernedEdits(in)
	if len(paths) == 0 && r.opts.Revert == nil {
		return gate.Revert{Verdict: RevertNotNeeded}, nil, nil
	}
	if r.opts.Revert == nil {
		var ds []diag.Diagnostic
		for _, p := range paths {
			ds = append(ds, diag.New("revert/could-not-run", diag.SeverityError, p, diag.Pos{},
				"governed test file was modified or deleted, but this build of storygate has no revert check to decide whether the edit was forced"))
		}
		return gate.Revert{Verdict: RevertCouldNotRun, Paths: paths}, ds, nil
	}
	v, ds, err := r.opts.Revert(r.ctx, in)
	v.Command, v.OutputTail, v.Incomplete = gate.CleanText(v.Command), gate.CleanTail(v.OutputTail), gate.CleanText(v.Incomplete)
	v.GranularityReason = gate.CleanText(v.GranularityReason)
	return v, ds, err
}

// GovernedEdits lists the paths under governed prefixes that the change
// modified or deleted and the grants do not cover: what the revert check
// must decide (revert.Collect), relative to Root as the gate's paths are.
// Created files are not collected.
func GovernedEdits(in RevertInput) []string {
	var out []string
	place := in.Target.Place()
	for _, c := range revert.Collect(in.Target.Changes(), place, in.Governed, in.GrantedPaths()).Reverted {
		rel, _ := rootpath.InDir(place, c.Path)
		out = append(out, rel)
	}
	return out
}

// GrantedPaths are the changed paths inside Root that the grants cover,
// relative to Root, for a revert check that takes its grants as path
// prefixes (a file path is a prefix naming just that file).
func (in RevertInput) GrantedPaths() []string {
	return in.Grants.Filter(gitrepo.Paths(in.Target.InRoot()))
}

func revertTitle(v gate.Revert) string {
	switch v.Verdict {
	case RevertNotNeeded, "":
		return "no governed test file was modified or deleted"
	case RevertNoSuite:
		return fmt.Sprintf("%s edited, but no revert suite is configured: %s", plural(len(v.Paths), "governed file"), NoSuiteFix)
	case RevertRuled:
		return fmt.Sprintf("%s edited: a human ruled on every edit the suite did not decide as forced (%s)", plural(len(v.Paths), "governed file"), rulers(v.Ruled))
	case RevertPermitted:
		return fmt.Sprintf("%s edited: the suite fails without the edits, so they are forced", plural(len(v.Paths), "governed file"))
	case RevertEscalate:
		if v.Incomplete != "" {
			return fmt.Sprintf("%s edited: the run budget ran out before every edit was decided, and an undecided edit escalates; a human must decide", plural(len(v.Paths), "governed file"))
		}
		return escalateTitle(v)
	}
	return fmt.Sprintf("revert check could not run on %s", plural(len(v.Paths), "governed file"))
}

// escalateTitle says what escalated, true for each case: the edits
// reverted together (set granularity, or a set that already passes without
// them), or, when the set as a whole was forced, the files or hunks that
// the suite does not need when each is reverted on its own.
func escalateTitle(v gate.Revert) string {
	files := plural(len(v.Paths), "governed file")
	if v.SetVerdict != RevertPermitted {
		return fmt.Sprintf("%s edited: the suite passes without the edits; a human must decide", files)
	}
	var escalated []string
	for _, d := range v.Decisions {
		if d.Verdict != RevertPermitted && !slices.Contains(escalated, d.Path) {
			escalated = append(escalated, d.Path)
		}
	}
	return fmt.Sprintf("%s edited: the suite fails without all the edits together, so the set is forced, but it still passes with parts of %s reverted on their own (%s granularity); a human must decide those parts",
		files, plural(len(escalated), "file"), v.Granularity)
}

// noSuite reports the governed edits of a run without a revert suite as
// notices with the fix: neutral, not a failure, until a suite is set.
// Created files are still revert/may-not-create (a scope rule, suite or
// not), which the stories gate reports too.
func (r *run) noSuite(in RevertInput) error {
	paths := GovernedEdits(in)
	verdict := gate.Revert{Verdict: RevertNotNeeded}
	var ds []diag.Diagnostic
	if len(paths) > 0 {
		verdict = gate.Revert{Verdict: RevertNoSuite, Paths: paths}
		for _, p := range paths {
			ds = append(ds, diag.New(revert.RuleNoSuite, diag.SeverityNotice, p, diag.Pos{},
				"%s is a governed test file the change edited, and no revert suite is configured to decide whether the edit was forced: %s", p, NoSuiteFix))
		}
	}
	for _, s := range r.stories {
		if r.changed(s.File) {
			v := verdict
			s.Revert = &v
		}
	}
	r.add(gate.RevertCheck, RevertOutcome(verdict, ds), revertTitle(verdict), "")
	return nil
}

// rulers names who ruled, each once.
func rulers(ruled []gate.RevertRuled) string {
	var who []string
	for _, r := range ruled {
		if !slices.Contains(who, r.By) {
			who = append(who, r.By)
		}
	}
	return "by " + strings.Join(who, ", ")
}
