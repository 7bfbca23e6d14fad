package cli

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
	"github.com/storygate/storygate/internal/publish"
	"github.com/storygate/storygate/internal/report"
	"github.com/storygate/storygate/internal/revert"
	"github.com/storygate/storygate/internal/verify"
)

const actionSynopsis = "action [--root DIR] [--config FILE] [--gates LIST] [--report-only] [--base REV] [--event-name NAME --event-path FILE] [--results FILE] [--sarif FILE] [--markdown FILE|-]"

// getenv reads the environment; tests replace it through t.Setenv.
var getenv = os.Getenv

// actionRevert runs the revert check inside the gate; nil until the revert
// package is wired in, in which case governed edits fail closed.
var actionRevert collect.RevertFunc

// actionFlags are the command line; each falls back to an action input.
type actionFlags struct {
	root, cfg, gates, base, eventName, eventPath string
	results, sarif, markdown, reportOnly         string
}

func runAction(e env, args []string) int {
	fs := newFlagSet(e, "action", actionSynopsis)
	var f actionFlags
	fs.StringVar(&f.root, "root", "", "repository root (default GITHUB_WORKSPACE, else the enclosing git work tree)")
	fs.StringVar(&f.cfg, "config", "", "configuration file (input config; default .github/storygate.yml)")
	fs.StringVar(&f.gates, "gates", "", "comma-separated gates to run (input gates; default stories,verify,revert-check plus stages/records when their files change)")
	fs.Var((*boolOrAuto)(&f.reportOnly), "report-only", "never write to GitHub (=false: always write; =auto, the default: when there is no write-capable token)")
	fs.StringVar(&f.base, "base", "", "base revision for a run outside Actions or a workflow_dispatch (input base)")
	fs.StringVar(&f.eventName, "event-name", "", "event name (default GITHUB_EVENT_NAME; none or local: a local run that prints the report)")
	fs.StringVar(&f.eventPath, "event-path", "", "event payload file (default GITHUB_EVENT_PATH)")
	fs.StringVar(&f.results, "results", "", "where to write the results document (input results; default RUNNER_TEMP or the temp dir)")
	fs.StringVar(&f.sarif, "sarif", "", "where to write SARIF (default next to the results document)")
	fs.StringVar(&f.markdown, "markdown", "", "write the PR comment's Markdown to FILE, or - for stdout (default - for a local run)")
	if _, code := parseFlags(fs, args); code >= 0 {
		return code
	}
	return (&actionRun{e: e, f: f.withInputs()}).run()
}

// boolOrAuto is a flag that reads "--report-only" as true and also takes
// =true, =false or =auto.
type boolOrAuto string

// String returns the flag value as given.
func (b *boolOrAuto) String() string { return string(*b) }

// IsBoolFlag lets the flag stand alone.
func (b *boolOrAuto) IsBoolFlag() bool { return true }

// Set accepts true, false and auto.
func (b *boolOrAuto) Set(v string) error {
	switch strings.ToLower(v) {
	case "true", "false", "auto":
		*b = boolOrAuto(strings.ToLower(v))
		return nil
	}
	return fmt.Errorf("want true, false or auto, not %q", v)
}

// withInputs fills unset flags from the action's inputs (INPUT_*).
func (f actionFlags) withInputs() actionFlags {
	fill := func(dst *string, input string) {
		if *dst == "" {
			*dst = strings.TrimSpace(getenv("INPUT_" + strings.ToUpper(input)))
		}
	}
	fill(&f.cfg, "config")
	fill(&f.gates, "gates")
	fill(&f.reportOnly, "report-only")
	fill(&f.base, "base")
	fill(&f.results, "results")
	fill(&f.sarif, "sarif")
	fill(&f.eventName, "event-name")
	if f.eventName == "" {
		f.eventName = getenv("GITHUB_EVENT_NAME")
	}
	if f.eventPath == "" {
		f.eventPath = getenv("GITHUB_EVENT_PATH")
	}
	return f
}

// actionRun is one invocation of storygate action.
type actionRun struct {
	e    env
	f    actionFlags
	root string
	cfg  *config.Config
	// cfgNote says that the work tree's configuration is not the one in
	// effect (the base revision's is); see loadConfig.
	cfgNote string
	plan    plan
	// planned is set when the caller made the plan (runGateWith).
	planned bool
}

// runGateWith runs the gate for a plan made elsewhere: the slash-command
// handler re-runs it in the same job after committing a decision, because
// pushes made with GITHUB_TOKEN trigger no workflow. The checkout under the
// root must already hold p.head.
func runGateWith(e env, f actionFlags, p plan) int {
	return (&actionRun{e: e, f: f.withInputs(), plan: p, planned: true}).run()
}

func (a *actionRun) run() int {
	if code, ok := a.ownRoute(); ok {
		return code
	}
	if code := a.prepare(); code >= 0 {
		return code
	}
	if a.plan.ignored != "" {
		fmt.Fprintf(a.e.stderr, "storygate action: nothing to do: %s\n", a.plan.ignored)
		return ExitOK
	}
	if err := a.loadGateConfig(); err != nil {
		return a.fail(err)
	}
	res, err := a.collect()
	if err != nil {
		return a.fail(err)
	}
	resultsPath, err := a.writeResults(res)
	if err != nil {
		return a.fail(err)
	}
	if code := a.deliver(res, resultsPath); code >= 0 {
		return code
	}
	return conclusionCode(res)
}

// loadSetup resolves the root and loads the work tree's configuration, for
// the runs that compare with no base (slash commands, re-verification).
func (a *actionRun) loadSetup() error {
	if err := a.resolveRoot(); err != nil {
		return err
	}
	var err error
	a.cfg, err = config.Load(a.root, a.f.cfg)
	return err
}

// resolveRoot is the --root flag, else the Actions workspace.
func (a *actionRun) resolveRoot() error {
	root := a.f.root
	if root == "" {
		root = getenv("GITHUB_WORKSPACE")
	}
	var err error
	a.root, err = repoRoot(root)
	return err
}

// prepare resolves the root and the event's plan. The configuration is
// loaded after (loadGateConfig): a gate run with a base is judged by the
// base revision's configuration unless one is named explicitly, so a pull
// request cannot switch off the rules that judge it (see loadConfig).
func (a *actionRun) prepare() int {
	if err := a.resolveRoot(); err != nil {
		return a.usage(err)
	}
	if !a.planned {
		var err error
		if a.plan, err = planFor(a.f); err != nil {
			return a.usage(err)
		}
	}
	return -1
}

// loadGateConfig loads the configuration for a gate run on a.plan.
func (a *actionRun) loadGateConfig() error {
	var err error
	a.cfg, a.cfgNote, err = loadConfig(a.root, a.f.cfg, a.plan.base)
	if a.cfgNote != "" {
		fmt.Fprintf(a.e.stderr, "storygate action: note: %s\n", a.cfgNote)
	}
	return err
}

// collect runs the gates. Code from the change runs here, with an
// environment stripped of tokens and action inputs.
func (a *actionRun) collect() (*gate.Results, error) {
	gates, err := parseGates(a.f.gates)
	if err != nil {
		return nil, err
	}
	opts := collect.Options{Root: a.root, Config: a.cfg, Base: a.plan.base, Gates: gates, Event: a.plan.event,
		Version: Version, Environ: os.Environ(), Revert: actionRevert, Decisions: a.decisionCheck()}
	res, err := collect.Run(context.Background(), opts)
	if err == nil && a.cfgNote != "" {
		res.Notes = append(res.Notes, a.cfgNote)
	}
	return res, err
}

// writeResults writes the results document before anything is published,
// then the SARIF file next to it.
func (a *actionRun) writeResults(res *gate.Results) (string, error) {
	path := a.f.results
	if path == "" {
		path = defaultResultsPath()
	}
	if err := res.WriteFile(path); err != nil {
		return "", err
	}
	sarif := a.f.sarif
	if sarif == "" {
		sarif = strings.TrimSuffix(path, filepath.Ext(path)) + ".sarif"
	}
	if err := publish.WriteSARIF(sarif, res, gateRuleInfo()); err != nil {
		return "", err
	}
	fmt.Fprintf(a.e.stderr, "storygate action: results written to %s (SARIF: %s)\n", path, sarif)
	return path, nil
}

// defaultResultsPath is under RUNNER_TEMP in Actions, else the temp dir,
// never inside the checkout.
func defaultResultsPath() string {
	dir := getenv("RUNNER_TEMP")
	if dir == "" {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "storygate-results", "results.json")
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

// conclusionCode is 1 when a gate failed; waiting for a human is not a
// failure of the job, the check run carries it.
func conclusionCode(res *gate.Results) int {
	if res.Conclusion == gate.Failure {
		return ExitFindings
	}
	return ExitOK
}

func (a *actionRun) usage(err error) int {
	fmt.Fprintf(a.e.stderr, "storygate action: %v\n", err)
	fmt.Fprintf(a.e.stdout, "::error title=storygate::%s\n", escapeCommand(err.Error()))
	return ExitUsage
}

// fail reports an error; a missing revision (a shallow checkout) is the
// user's to fix, anything else is storygate's.
func (a *actionRun) fail(err error) int {
	var cfgErr *config.Error
	if errors.Is(err, gitrepo.ErrRevisionMissing) || errors.As(err, &cfgErr) {
		return a.usage(err)
	}
	fmt.Fprintf(a.e.stderr, "storygate action: %v\n", err)
	fmt.Fprintf(a.e.stdout, "::error title=storygate::%s\n", escapeCommand(err.Error()))
	return ExitInternal
}

func escapeCommand(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// gateRuleInfo describes every rule a gate run can report, for SARIF.
func gateRuleInfo() map[string]report.RuleInfo {
	out := ruleInfo()
	for _, rules := range []map[string]string{verify.Rules, revert.Rules} {
		for id, summary := range rules {
			out[id] = report.RuleInfo{ID: id, Summary: summary}
		}
	}
	return out
}
