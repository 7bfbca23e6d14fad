package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/storygate/storygate/internal/change"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/findings"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/pathglob"
	"github.com/storygate/storygate/internal/report"
	"github.com/storygate/storygate/internal/revert"
	"github.com/storygate/storygate/internal/rundir"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/verify"
)

const revertSynopsis = "revert-check --base REV [--head REV] [--suite CMD] [--governed PREFIX]... [--grant PREFIX]... [--granularity auto|set|file|hunk] [--per-file] [--max-runs N] [--out FILE] [--format text|json|sarif|github] [--timeout DUR] [--config FILE] [--root DIR] [--quiet] [--color auto|always|never]"

// revertFlags are the parsed flags of revert-check.
type revertFlags struct {
	base, head, suite, out, format, cfgPath, root string
	governed, grants                              multiFlag
	granularity                                   string
	perFile                                       bool
	maxRuns                                       int
	timeout                                       time.Duration
	output                                        outputFlags
}

func runRevertCheck(e env, args []string) int {
	fs := newFlagSet(e, "revert-check", revertSynopsis)
	var f revertFlags
	fs.StringVar(&f.base, "base", "", "base revision of the change (required)")
	fs.StringVar(&f.head, "head", "HEAD", "head revision of the change")
	fs.StringVar(&f.suite, "suite", "", "suite command, run with sh -c (default revert.suite)")
	fs.Var(&f.governed, "governed", "governed path prefix; repeatable (default revert.governed, tests/)")
	fs.Var(&f.grants, "grant", "granted path prefix, never reverted; repeatable (added to the scope.write of the stories generating in the change)")
	fs.StringVar(&f.granularity, "granularity", "", "what one suite run decides: auto, set, file or hunk (default revert.granularity, auto: the finest the run budget covers)")
	fs.BoolVar(&f.perFile, "per-file", false, "the same as --granularity file")
	fs.IntVar(&f.maxRuns, "max-runs", 0, "suite runs per check, the baseline included (default revert.max_runs, 20)")
	fs.StringVar(&f.out, "out", "", "where to write the result artifact, only when something was decided (default $RUNNER_TEMP/storygate-revert-check/"+revert.DefaultArtifact+", else a new directory under the temp dir)")
	fs.StringVar(&f.format, "format", "text", "output format: text, json, sarif or github")
	fs.DurationVar(&f.timeout, "timeout", 0, "time limit per suite run (default verify.timeout, 10m)")
	fs.StringVar(&f.cfgPath, "config", "", "configuration file (default .github/storygate.yml under the root)")
	fs.StringVar(&f.root, "root", "", "repository root (default: the git work tree containing the current directory)")
	f.output.register(fs)
	if _, code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if code := revertUsage(e, f); code >= 0 {
		return code
	}
	if code := f.output.check(e, "revert-check"); code >= 0 {
		return code
	}
	return revertWith(e, f)
}

func revertUsage(e env, f revertFlags) int {
	switch {
	case !report.ValidFormat(f.format):
		fmt.Fprintf(e.stderr, "storygate revert-check: unknown format %q (legal: text, json, sarif, github)\n", f.format)
	case f.base == "":
		fmt.Fprintln(e.stderr, "storygate revert-check: --base is required: the check decides the edits made since a base revision")
	case f.timeout < 0:
		fmt.Fprintln(e.stderr, "storygate revert-check: --timeout must not be negative")
	case f.perFile && f.granularity != "" && f.granularity != config.GranularityFile:
		fmt.Fprintf(e.stderr, "storygate revert-check: --per-file means --granularity file; it contradicts --granularity %s\n", f.granularity)
	case f.granularity != "" && !validGranularity(f.granularity):
		fmt.Fprintf(e.stderr, "storygate revert-check: --granularity %q is not one of auto, set, file, hunk\n", f.granularity)
	case slices.ContainsFunc(f.governed, pathglob.Climbs):
		fmt.Fprintln(e.stderr, "storygate revert-check: a --governed prefix has a .. segment; governed prefixes are relative to --root and name a place inside it without ..")
	case f.maxRuns != 0 && f.maxRuns < config.MinMaxRuns:
		fmt.Fprintf(e.stderr, "storygate revert-check: --max-runs must be at least %d (the baseline run and the run that reverts every edit)\n", config.MinMaxRuns)
	default:
		return -1
	}
	return ExitUsage
}

func revertWith(e env, f revertFlags) int {
	root, err := rootFor(f.root, nil)
	if err != nil {
		return usageError(e, "revert-check", err)
	}
	t, code := openTarget(e, "revert-check", target.Options{Root: root, ConfigFile: f.cfgPath, Base: f.base, Head: f.head})
	if code >= 0 {
		return code
	}
	cfg := t.Policy()
	opt, err := revertOptions(t, f)
	if errors.Is(err, errHeadNotCheckedOut) {
		return usageError(e, "revert-check", err)
	}
	if err != nil {
		return failure(e, "revert-check", err)
	}
	// Nothing to revert: nothing runs, so no sandbox is prepared for it.
	governs, err := revert.Governs(opt)
	if err != nil {
		return failure(e, "revert-check", err)
	}
	if governs {
		if opt.Sandbox, _, err = isolate(e, "revert-check", t); err != nil {
			return failure(e, "revert-check", err)
		}
	}
	p := f.output.reporter(e, f.format, "revert-check")
	opt.Progress = p
	p.Begin(0)
	res, err := revert.Check(e.ctx, opt)
	p.End()
	if err != nil {
		return failure(e, "revert-check", err)
	}
	return finishRevert(e, f, res, cfg)
}

// revertOptions takes the target's commits and merges flags over
// configuration.
func revertOptions(t *target.Target, f revertFlags) (revert.Options, error) {
	cfg := t.Policy()
	opt := revert.Options{Repo: t.Repo(), Governed: pick(f.governed, cfg.Revert.Governed), Suite: f.suite,
		Granularity: granularityOf(f, cfg), MaxRuns: cfg.Revert.MaxRuns,
		Timeout: cfg.Verify.Timeout, Env: verify.CleanEnv(os.Environ(), cfg.Verify.SecretEnv),
		Base: t.MergeBase(), Head: t.Head(), Changes: t.Changes(), Root: t.Place()}
	if f.maxRuns > 0 {
		opt.MaxRuns = f.maxRuns
	}
	if opt.Suite == "" {
		opt.Suite = cfg.Revert.Suite
	}
	if f.timeout > 0 {
		opt.Timeout = f.timeout
	}
	ch, err := loadChange(t)
	if err != nil {
		return opt, err
	}
	grants := ch.Grants()
	if len(f.grants) > 0 {
		grants = append(grants, change.Prefixes("--grant", f.grants))
	}
	opt.Granted = grants.Filter(gitrepo.Paths(t.InRoot()))
	return opt, nil
}

// errHeadNotCheckedOut refuses a --head other than the checkout: the
// grants come from the stories in the work tree.
var errHeadNotCheckedOut = errors.New("revert-check reads the stories' scopes from the work tree, so check out the head revision first")

// loadChange builds the change model as the gate does: the stories are
// read from the work tree, which must be checked out at the head revision
// (validate and the gate read it the same way).
func loadChange(t *target.Target) (*change.Change, error) {
	if !t.HeadCheckedOut() {
		return nil, fmt.Errorf("--head %s is not the commit checked out: %w", t.HeadSHA(), errHeadNotCheckedOut)
	}
	res, err := lint.Run(lint.Options{Target: t, Slim: true, NoRules: true})
	if err != nil {
		return nil, err
	}
	return res.Change, nil
}

func validGranularity(s string) bool {
	_, err := revert.ParseGranularity(s)
	return err == nil
}

// granularityOf merges --granularity and --per-file over revert.granularity
// (revertUsage refused the values and combinations that do not parse).
func granularityOf(f revertFlags, cfg *config.Config) revert.Granularity {
	switch {
	case f.granularity != "":
		return revert.Granularity(f.granularity)
	case f.perFile:
		return revert.ByFile
	}
	return revert.Granularity(cfg.Revert.Granularity)
}

func pick(flag multiFlag, fallback []string) []string {
	if len(flag) > 0 {
		return flag
	}
	return fallback
}

func finishRevert(e env, f revertFlags, res *revert.Result, cfg *config.Config) int {
	if res.Decided {
		if code := writeRevertArtifact(e, f.out, res); code >= 0 {
			return code
		}
	}
	ds := findings.New(findings.Options{Config: cfg, Place: placeFor(f.format, res.Root)}).Run(revert.Findings(res)).Judged
	rep := report.Document{Tool: "revert-check", Diagnostics: ds, Category: res.Root, FilesChecked: len(res.Paths) + len(res.Created), Rules: report.CatalogRules()}
	if err := f.output.printReport(e, f.format, rep); err != nil {
		fmt.Fprintf(e.stderr, "storygate revert-check: %v\n", err)
		return ExitInternal
	}
	return findingsCode(ds)
}

// writeRevertArtifact writes the result to out, or where rundir puts it
// when --out was not given, and says where on stderr.
func writeRevertArtifact(e env, out string, res *revert.Result) int {
	if out == "" {
		dir, err := rundir.For(os.Getenv("RUNNER_TEMP"), "storygate-revert-check")
		if err != nil {
			fmt.Fprintf(e.stderr, "storygate revert-check: %v\n", err)
			return ExitInternal
		}
		out = filepath.Join(dir, revert.DefaultArtifact)
	}
	if err := writeJSONFile(out, res.Write); err != nil {
		fmt.Fprintf(e.stderr, "storygate revert-check: %v\n", err)
		return ExitInternal
	}
	fmt.Fprintf(e.stderr, "storygate revert-check: result written to %s\n", out)
	return -1
}
