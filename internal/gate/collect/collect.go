// Package collect runs storygate's engines for one gate run (the story
// rules, verification reruns, the revert check, stage and record checks)
// and builds the results document from what they found. It runs code from
// the change under review, so it must only ever run in a phase whose
// environment holds no write token: verification commands get an
// environment without GitHub or Actions credentials.
package collect

import (
	"context"
	"errors"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/rules"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/findings"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/verify"
)

// Options says what one gate run checks.
type Options struct {
	// Target is where the run stands: the root, its repository, the base
	// and head commits, the policy and the change (target.Open). Without
	// a base the base rules, the changed-file rules and the revert check
	// are off, never guessed.
	Target *target.Target
	// Gates are the gates to run; nil means the default three plus stages
	// and records when their files change. A default gate left out is
	// still reported, as skipped, so a required check never hangs.
	Gates []gate.Name
	// Event describes the run in the document.
	Event gate.Event
	// Version is storygate's version, recorded in the document.
	Version string
	// Environ is the environment verification commands start from; secrets
	// are removed from it before use. Nil means an empty environment.
	Environ []string
	// Revert runs the revert check; nil reports it as unavailable when
	// there are governed edits to check (failing closed).
	Revert RevertFunc
	// Decisions checks that the Human Decision entries new in the change
	// are backed by authorized slash commands (hitl/decision-unverified);
	// nil when the run has no pull request to check them against.
	Decisions DecisionsFunc
	// Rulings finds the human rulings (`/allow-test-edit`) on the edits
	// the revert check escalated or could not decide; nil when the run
	// has no pull request to find them on (nothing is ruled).
	Rulings RulingsFunc
	// NoExecution leaves out the gates that run code from the change
	// (verify, revert-check), reporting them as skipped: publish recomputes
	// the others from the pull request's head read as data, in a job that
	// holds a write token.
	NoExecution bool
	// Expect, with NoExecution, is told what the left-out gates would
	// have written on the stories (Expected); nil when nobody asks.
	Expect func(Expected)
	// Filter is the filter mode (config.FilterChanged or FilterAll);
	// empty means the configuration's gate.filter (filter.go).
	Filter config.FilterMode
	// LookPath finds the sandbox's tools (sandbox.Policy.LookPath); nil
	// is exec.LookPath.
	LookPath func(file string) (string, error)
	// Progress hears each gate finish (its check, whether it passed, its
	// title: "0 errors, 0 warnings in 3 stories") and each verification
	// item start and finish; nil: nobody listens.
	Progress verify.Progress
}

// DecisionsFunc verifies new Human Decision entries, returning findings and
// a Markdown fragment for the report. An error fails the gate run: a
// decision that cannot be checked never passes.
type DecisionsFunc func(ctx context.Context, units []rules.Unit) ([]diag.Diagnostic, string, error)

// run is the state of one gate run, shared by the gate steps.
type run struct {
	ctx  context.Context
	opts Options
	// t is opts.Target; root, cfg and inRoot are its root, policy and the
	// changes inside the root, by their paths in it (the stages and
	// records gates match them).
	t      *target.Target
	root   string
	cfg    *config.Config
	inRoot []gitrepo.Change
	lint   *lint.Result
	// findings is the run's findings pipeline, composed once the stories'
	// rules have run (storiesGate): every gate's findings pass through it.
	findings *findings.Pipeline
	seen     *seen
	stories  map[string]*gate.Story
	res      *gate.Results
	// sandbox isolates every command from the change; ranPRCode is set
	// once one did (isolation.go).
	sandbox   *sandbox.Sandbox
	ranPRCode bool
	// workTree answers, for a run without a base, which stories differ
	// from HEAD (filter.go).
	workTree *workTreeDiff
}

// Run runs the selected gates and returns the finished results document.
func Run(ctx context.Context, opts Options) (*gate.Results, error) {
	t := opts.Target
	if t == nil {
		return nil, errors.New("gate: no target to judge")
	}
	r := &run{ctx: ctx, opts: opts, t: t, root: t.Root(), cfg: t.Policy(), inRoot: t.InRoot(), stories: map[string]*gate.Story{},
		res: &gate.Results{Storygate: opts.Version, Event: opts.Event, Judged: judged(t)}}
	if !t.HasBase() {
		r.note("No base revision: base and changed-file rules and the revert check were skipped.")
	}
	for _, step := range r.steps() {
		if err := step(); err != nil {
			return nil, err
		}
	}
	r.res.Stories = r.storyList()
	r.res.InRepository(t.Place())
	r.res.Finish()
	return r.res, nil
}

// steps lists the gates in report order.
func (r *run) steps() []func() error {
	return []func() error{r.storiesGate, r.isolation, r.verifyGate, r.revertGate, r.noteIsolation, r.stagesGate, r.recordsGate, r.expect}
}

// selected reports whether gate n runs, and whether it is reported at all.
func (r *run) selected(n gate.Name) (runs, reported bool) {
	if r.opts.NoExecution && (n == gate.Verify || n == gate.RevertCheck) {
		return false, isDefault(n)
	}
	return r.chosen(n)
}

// chosen reports whether the run's gates include n, and whether it is
// reported at all, whether or not this run executes it: publish
// (NoExecution) takes verify and revert-check from the unprivileged run,
// which ran them.
func (r *run) chosen(n gate.Name) (runs, reported bool) {
	if r.opts.Gates == nil {
		return true, isDefault(n)
	}
	for _, g := range r.opts.Gates {
		if g == n {
			return true, true
		}
	}
	return false, isDefault(n)
}

func isDefault(n gate.Name) bool {
	for _, d := range gate.DefaultNames {
		if d == n {
			return true
		}
	}
	return false
}

// composeFindings composes the run's findings pipeline: the
// configuration's severities, the filter mode with what the stories' rules
// found untouched (setApart), the document's bounds, and the root's place
// in its repository, since the document names repository paths.
func (r *run) composeFindings(setApart func(diag.Diagnostic) bool) {
	r.findings = findings.New(findings.Options{Config: r.cfg, Filter: r.filter(), SetApart: setApart,
		Bounded: true, Place: r.t.Place()})
}

// add passes a gate's findings through the run's pipeline and appends its
// outcome to the document.
func (r *run) add(n gate.Name, o gate.Outcome, title, detail string) {
	r.addFound(n, o, r.findings.Run(o.Diagnostics), title, detail)
}

// addFound appends a gate outcome whose findings came out of the run's
// pipeline as found; the conclusion is decided by them.
func (r *run) addFound(n gate.Name, o gate.Outcome, found findings.Set, title, detail string) {
	o.Diagnostics = found.Judged
	g := gate.Gate{Name: n, Conclusion: gate.Decide(o),
		Title: gate.CleanShort(title), Detail: gate.CleanText(detail), Diagnostics: found.Judged, Untouched: found.Untouched}
	r.res.Gates = append(r.res.Gates, g)
	if r.opts.Progress != nil {
		r.opts.Progress.Done(string(n), g.Conclusion != gate.Failure, g.Title)
	}
}

// skip reports a default gate that was not selected.
func (r *run) skip(n gate.Name) {
	r.res.Gates = append(r.res.Gates, gate.Gate{Name: n, Conclusion: gate.Skipped, Title: "not selected for this run"})
}

// judged records the commits the run judged, so the privileged half of
// the pair judges the same ones (gate.Judged); nil without a base.
func judged(t *target.Target) *gate.Judged {
	if !t.HasBase() {
		return nil
	}
	return &gate.Judged{Base: t.BaseSHA(), MergeBase: t.MergeBaseSHA(), Head: t.HeadSHA()}
}

func (r *run) note(s string) { r.res.Notes = append(r.res.Notes, s) }

// changed reports whether path changed in the run; without a base every
// file counts as changed, since nothing narrower is known.
func (r *run) changed(path string) bool { return r.t.Changed(path) }

// cleanEnviron is the environment for code from the change: without
// GitHub and Actions credentials and the configured secret variables.
func (r *run) cleanEnviron() []string {
	return verify.CleanEnv(r.opts.Environ, r.cfg.Verify.SecretEnv)
}
