package bot

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/gate/collect"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/publish"
	"github.com/storygate/storygate/internal/report"
	"github.com/storygate/storygate/internal/rundir"
	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/verify"
)

// ActionOptions are the command line of storygate action; each empty one
// falls back to the action's input.
type ActionOptions struct {
	// Root is the root: the repository's top or a package directory in it
	// (docs/action.md, "The root"); empty means the Actions workspace.
	Root string
	// ConfigFile names a configuration file explicitly; empty means the
	// default path, at the base revision for a run with a base.
	ConfigFile string
	// Gates is the comma-separated list of gates; empty means the default.
	Gates string
	// Base is the base revision for a local run or a workflow_dispatch.
	Base string
	// EventName and EventPath are the event; no name (or "local") is a
	// local run.
	EventName, EventPath string
	// Results and SARIF are where the documents go; Markdown where the
	// comment's Markdown goes ("-" for stdout).
	Results, SARIF, Markdown string
	// ReportOnly is true, false or auto (empty).
	ReportOnly string
	// Filter is the filter mode, changed or all; empty means the
	// configuration's gate.filter.
	Filter string
	// Progress hears the gates finish and the verification items run
	// (collect.Options.Progress); nil: nobody listens.
	Progress verify.Progress
}

// withInputs fills unset flags from the action's inputs (INPUT_*).
func (f ActionOptions) withInputs(getenv func(string) string) ActionOptions {
	fill := func(dst *string, input string) {
		if *dst == "" {
			*dst = strings.TrimSpace(getenv("INPUT_" + strings.ToUpper(input)))
		}
	}
	fill(&f.Root, "root")
	fill(&f.ConfigFile, "config")
	fill(&f.Gates, "gates")
	fill(&f.ReportOnly, "report-only")
	fill(&f.Base, "base")
	fill(&f.Results, "results")
	fill(&f.SARIF, "sarif")
	fill(&f.EventName, "event-name")
	fill(&f.Filter, "filter")
	if f.EventName == "" {
		f.EventName = getenv("GITHUB_EVENT_NAME")
	}
	if f.EventPath == "" {
		f.EventPath = getenv("GITHUB_EVENT_PATH")
	}
	return f
}

// actionRun is one invocation of storygate action.
type actionRun struct {
	*Bot
	f    ActionOptions
	root string
	// t is where the run stands (target.Open), opened once the plan names
	// the base; place (t.Place) names what this run posts on GitHub
	// (gate.Identity) and cfg is t.Policy.
	t     *target.Target
	place string
	cfg   *config.Config
	plan  plan
	// prTargets are the targets of the pull requests a slash command
	// named, by base..head (prTarget).
	prTargets map[string]*target.Target
}

// Action runs storygate action: the gate for a pull request, merge queue,
// re-requested check run or dispatch, a slash command, or the scheduled
// re-verification, chosen by the event.
func (b *Bot) Action(ctx context.Context, opts ActionOptions) (Outcome, error) {
	return (&actionRun{Bot: b, f: opts.withInputs(b.getenv)}).run(ctx)
}

func (a *actionRun) run(ctx context.Context) (Outcome, error) {
	if routed, outcome, err := a.ownRoute(ctx); routed {
		return outcome, err
	}
	if err := a.prepare(); err != nil {
		return Passed, err
	}
	if a.plan.ignored != "" {
		fmt.Fprintf(a.e.stderr, "storygate action: nothing to do: %s\n", a.plan.ignored)
		return Passed, nil
	}
	res, err := a.collect(ctx)
	if err != nil {
		return Passed, a.fail(err)
	}
	a.warnUnsandboxed(res)
	resultsPath, err := a.writeResults(res)
	if err != nil {
		return Passed, a.fail(err)
	}
	if err := a.deliver(ctx, res, resultsPath); err != nil {
		return Passed, err
	}
	return conclusionOutcome(res), nil
}

// loadSetup opens the root with no base and loads the work tree's
// configuration, for the runs that compare with no base (slash commands,
// re-verification).
func (a *actionRun) loadSetup() error {
	if err := a.resolveRoot(); err != nil {
		return err
	}
	return a.openTarget("", "")
}

// resolveRoot is the --root flag, else the Actions workspace.
func (a *actionRun) resolveRoot() error {
	root := a.f.Root
	if root == "" {
		root = a.getenv("GITHUB_WORKSPACE")
	}
	var err error
	if a.root, err = filepath.Abs(root); err != nil {
		return err
	}
	return safefile.CheckRoot(a.root)
}

// openTarget opens the run's target at base and head (empty: none, and
// the checkout's HEAD): the root's place, the commits, the change and the
// policy, found once, before anything from the change runs.
func (a *actionRun) openTarget(base, head string) error {
	t, err := target.Open(a.targetOptions(a.root, base, head))
	if err != nil {
		return err
	}
	a.t, a.place, a.cfg = t, t.Place(), a.policyOf(t)
	for _, note := range t.PolicyNotes() {
		fmt.Fprintf(a.e.stderr, "storygate action: note: %s\n", note)
	}
	return nil
}

// targetOptions are the target options of a run of this action in root.
func (a *actionRun) targetOptions(root, base, head string) target.Options {
	return target.Options{Root: root, ConfigFile: a.f.ConfigFile, Base: base, Head: head, PolicyLoader: a.deps.Config}
}

// prepare resolves the root and the event's plan, then opens the target at
// the plan's base: a gate run with a base is judged by the base
// revision's configuration unless one is named explicitly, so a pull
// request cannot switch off the rules that judge it (target.Open).
func (a *actionRun) prepare() error {
	if err := a.resolveRoot(); err != nil {
		return a.usage(err)
	}
	var err error
	if a.plan, err = a.planFor(a.f); err != nil {
		return a.usage(err)
	}
	if a.plan.ignored != "" {
		return nil
	}
	if err := a.openTarget(a.plan.base, ""); err != nil {
		return a.fail(err)
	}
	a.plan.admitRerequested(a.place)
	return nil
}

// filterMode is the filter input's mode; "" when unset, so that
// gate.filter decides.
func (a *actionRun) filterMode() (config.FilterMode, error) {
	if a.f.Filter == "" {
		return "", nil
	}
	mode, err := config.ParseFilterMode(a.f.Filter)
	if err != nil {
		return "", &config.Error{File: "filter", Message: err.Error()}
	}
	return mode, nil
}

// collect runs the gates. Code from the change runs here, with an
// environment stripped of tokens and action inputs.
func (a *actionRun) collect(ctx context.Context) (*gate.Results, error) {
	gates, err := parseGates(a.f.Gates)
	if err != nil {
		return nil, err
	}
	filter, err := a.filterMode()
	if err != nil {
		return nil, err
	}
	humans := decisionRun{b: a.Bot, t: a.t, plan: a.plan}
	opts := collect.Options{Target: a.t, Gates: gates, Event: a.plan.event,
		Version: a.deps.Version, Environ: a.deps.Env.Environ(), Revert: a.deps.Revert, Decisions: humans.decisionCheck(), Filter: filter,
		Rulings: humans.rulingCheck(), LookPath: a.deps.LookPath, Progress: a.f.Progress}
	res, err := collect.Run(ctx, opts)
	if err == nil {
		res.Notes = append(res.Notes, a.t.PolicyNotes()...)
	}
	return res, err
}

// writeResults writes the results document before anything is published,
// then the SARIF file next to it.
func (a *actionRun) writeResults(res *gate.Results) (string, error) {
	path := a.f.Results
	if path == "" {
		dir, err := rundir.For(a.getenv("RUNNER_TEMP"), "storygate-results")
		if err != nil {
			return "", err
		}
		path = filepath.Join(dir, "results.json")
	}
	sarif := a.f.SARIF
	if sarif == "" {
		sarif = strings.TrimSuffix(path, filepath.Ext(path)) + ".sarif"
	}
	// The two documents are encoded at once: each is megabytes when a
	// change touches thousands of stories, and both only read res. The
	// SARIF document lies beside the results one by default, so their
	// directory is made first.
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", fmt.Errorf("write results document: %w", err)
	}
	// Encoding a large document makes megabytes of garbage over a heap
	// of the run's findings: the batch policy the stories were judged
	// under (lint.TuneGC) spares the collector a run per few megabytes.
	defer lint.TuneGC(len(res.Stories))()
	sarifDone := make(chan error, 1)
	go func() { sarifDone <- publish.WriteSARIF(sarif, res, report.CatalogRules()) }()
	resultsErr := res.WriteFile(path)
	if err := errors.Join(resultsErr, <-sarifDone); err != nil {
		return "", err
	}
	named := a.announceResults(path)
	fmt.Fprintf(a.e.stderr, "storygate action: results written to %s (SARIF: %s)\n", path, sarif)
	return named, nil
}

// parseGates reads a comma-separated gate list; empty means the default.
func parseGates(list string) ([]gate.Name, error) {
	if strings.TrimSpace(list) == "" || list == "all" {
		return nil, nil
	}
	var out []gate.Name
	for _, part := range strings.Split(list, ",") {
		n := gate.Name(strings.TrimSpace(part))
		if !n.Known() {
			return nil, &config.Error{File: "gates", Message: fmt.Sprintf("unknown gate %q (legal: stories, verify, revert-check, stages, records)", n)}
		}
		out = append(out, n)
	}
	return out, nil
}

// conclusionOutcome is Failed when a gate failed; waiting for a human is
// not a failure of the job, the check run carries it.
func conclusionOutcome(res *gate.Results) Outcome {
	if res.Conclusion == gate.Failure {
		return Failed
	}
	return Passed
}

func (a *actionRun) usage(err error) error {
	fmt.Fprintf(a.e.stderr, "storygate action: %v\n", err)
	fmt.Fprintf(a.e.stdout, "::error title=storygate::%s\n", escapeCommand(err.Error()))
	return usage(err)
}

// fail reports an error; a missing revision (a shallow checkout) is the
// user's to fix, anything else is storygate's.
func (a *actionRun) fail(err error) error {
	var cfgErr *config.Error
	if errors.Is(err, gitrepo.ErrRevisionMissing) || errors.Is(err, target.ErrNoMergeBase) || errors.Is(err, target.ErrNoRepository) || errors.As(err, &cfgErr) {
		return a.usage(err)
	}
	fmt.Fprintf(a.e.stderr, "storygate action: %v\n", err)
	fmt.Fprintf(a.e.stdout, "::error title=storygate::%s\n", escapeCommand(err.Error()))
	return err
}

// escapeCommand renders s as a workflow command's message: an error can
// quote the change's text, so it is made inert first.
func escapeCommand(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(inert.Text(s))
}
