// Package collect runs storygate's engines for one gate run (the story
// rules, verification reruns, the revert check, stage and record checks)
// and builds the results document from what they found. It runs code from
// the change under review, so it must only ever run in a phase whose
// environment holds no write token: verification commands get an
// environment without GitHub or Actions credentials.
package collect

import (
	"context"
	"fmt"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/rules"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/verify"
)

// Options says what one gate run checks.
type Options struct {
	// Root is the repository root (the checkout's work tree).
	Root   string
	Config *config.Config
	// Base is the base revision of the change; empty turns off the base
	// rules, the changed-file rules and the revert check, never guessed.
	Base string
	// Head is the revision under review; empty means HEAD.
	Head string
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
	// NoExecution leaves out the gates that run code from the change
	// (verify, revert-check), reporting them as skipped: publish recomputes
	// the others from the pull request's head read as data, in a job that
	// holds a write token.
	NoExecution bool
	// Filter is the filter mode (config.FilterChanged or FilterAll);
	// empty means the configuration's gate.filter (filter.go).
	Filter config.FilterMode
}

// DecisionsFunc verifies new Human Decision entries, returning findings and
// a Markdown fragment for the report. An error fails the gate run: a
// decision that cannot be checked never passes.
type DecisionsFunc func(ctx context.Context, units []rules.Unit) ([]diag.Diagnostic, string, error)

// run is the state of one gate run, shared by the gate steps.
type run struct {
	ctx     context.Context
	opts    Options
	changes []gitrepo.Change
	// rootInRepo is where Root is in its repository, found with the
	// changes, before any command from the change ran (the revert check's
	// prefixes are relative to it); rootErr is why it could not be found,
	// which fails the revert check only.
	rootInRepo string
	rootErr    error
	// inRoot are the changes inside Root, relative to it, as the stories'
	// and the configuration's paths are (the stages and records gates
	// match them); changedSet holds their paths.
	inRoot     []gitrepo.Change
	changedSet map[string]bool
	lint       *lint.Result
	seen       *seen
	stories    map[string]*gate.Story
	res        *gate.Results
	// sandbox isolates every command from the change; head is the commit
	// they run on; ranPRCode is set once one did (isolation.go).
	sandbox   *sandbox.Sandbox
	head      string
	ranPRCode bool
	// workTree answers, for a run without a base, which stories differ
	// from HEAD (filter.go).
	workTree *workTreeDiff
}

// Run runs the selected gates and returns the finished results document.
func Run(ctx context.Context, opts Options) (*gate.Results, error) {
	if opts.Head == "" {
		opts.Head = "HEAD"
	}
	r := &run{ctx: ctx, opts: opts, stories: map[string]*gate.Story{},
		res: &gate.Results{Storygate: opts.Version, Event: opts.Event}}
	if err := r.loadChanges(); err != nil {
		return nil, err
	}
	for _, step := range r.steps() {
		if err := step(); err != nil {
			return nil, err
		}
	}
	r.res.Stories = r.storyList()
	r.res.InRepository(r.rootInRepo)
	r.res.Finish()
	return r.res, nil
}

// steps lists the gates in report order.
func (r *run) steps() []func() error {
	return []func() error{r.storiesGate, r.isolation, r.verifyGate, r.revertGate, r.noteIsolation, r.stagesGate, r.recordsGate}
}

// selected reports whether gate n runs, and whether it is reported at all.
func (r *run) selected(n gate.Name) (runs, reported bool) {
	if r.opts.NoExecution && (n == gate.Verify || n == gate.RevertCheck) {
		return false, isDefault(n)
	}
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

// add appends a gate outcome to the document.
func (r *run) add(n gate.Name, o gate.Outcome, title, detail string) {
	o.Diagnostics = r.opts.Config.ApplySeverities(o.Diagnostics)
	r.res.Gates = append(r.res.Gates, gate.Gate{Name: n, Conclusion: gate.Decide(o),
		Title: gate.CleanShort(title), Detail: gate.CleanText(detail), Diagnostics: cleanDiagnostics(o.Diagnostics)})
}

// skip reports a default gate that was not selected.
func (r *run) skip(n gate.Name) {
	r.res.Gates = append(r.res.Gates, gate.Gate{Name: n, Conclusion: gate.Skipped, Title: "not selected for this run"})
}

// loadChanges finds where Root is in its repository and lists the files
// changed between base and head. Without a base, Root need not be in a
// repository at all; its paths are then published as they are.
func (r *run) loadChanges() error {
	repo, openErr := gitrepo.Open(r.opts.Root)
	if openErr == nil {
		if r.rootInRepo, r.rootErr = repo.PathOf(r.opts.Root); r.rootErr != nil {
			r.rootErr = fmt.Errorf("revert check: %w", r.rootErr)
		}
	}
	if r.opts.Base == "" {
		r.note("No base revision: base and changed-file rules and the revert check were skipped.")
		return nil
	}
	if openErr != nil {
		return fmt.Errorf("gate: %w", openErr)
	}
	base, err := repo.Commit(r.opts.Base)
	if err != nil {
		return fmt.Errorf("gate: base revision: %w", err)
	}
	head, err := repo.Commit(r.opts.Head)
	if err != nil {
		return fmt.Errorf("gate: head revision: %w", err)
	}
	if r.changes, err = repo.Changes(base, head); err != nil {
		return fmt.Errorf("gate: changed files: %w", err)
	}
	r.inRoot = gitrepo.Within(r.changes, r.rootInRepo)
	r.changedSet = make(map[string]bool, len(r.inRoot))
	for _, ch := range r.inRoot {
		r.changedSet[ch.Path] = true
	}
	return nil
}

func (r *run) note(s string) { r.res.Notes = append(r.res.Notes, s) }

// changed reports whether path changed in the run; without a base every
// file counts as changed, since nothing narrower is known.
func (r *run) changed(path string) bool {
	if r.opts.Base == "" {
		return true
	}
	return r.changedSet[path]
}

// cleanEnviron is the environment for code from the change: without
// GitHub and Actions credentials and the configured secret variables.
func (r *run) cleanEnviron() []string {
	return verify.CleanEnv(r.opts.Environ, r.opts.Config.Verify.SecretEnv)
}
