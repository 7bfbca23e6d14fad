package cli

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/go-git/go-git/v5"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/findings"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/report"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/stage"
	"github.com/storygate/storygate/internal/target"
)

const validateSynopsis = "validate [--base REV [--filter all|changed]] [--config FILE] [--format text|json|sarif|github] [--root DIR] [PATH...]"

func runValidate(e env, args []string) int {
	fs := newFlagSet(e, "validate", validateSynopsis)
	base := fs.String("base", "", "compare with this base revision (turns on base and changed-file rules)")
	cfgPath := fs.String("config", "", "configuration file (default .github/storygate.yml under the root)")
	format := fs.String("format", "text", "output format: text, json, sarif or github")
	root := fs.String("root", "", "repository root (default: the git work tree containing the first PATH, else the one containing the current directory)")
	filter := fs.String("filter", config.FilterAll, "with --base: all judges every story; changed judges the stories the change touched, as the gate does, and sets the findings on the others apart")
	paths, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if !report.ValidFormat(*format) {
		fmt.Fprintf(e.stderr, "storygate validate: unknown format %q (legal: text, json, sarif, github)\n", *format)
		return ExitUsage
	}
	if msg := validateFilter(*filter, *base); msg != "" {
		fmt.Fprintf(e.stderr, "storygate validate: %s\n", msg)
		return ExitUsage
	}
	opts, code := lintOptions(e, "validate", *root, *cfgPath, *base, paths)
	if code >= 0 {
		return code
	}
	opts.BatchGC, opts.Filter = true, *filter
	place := placeInRepository(opts.Target, *format)
	res, err := lint.Run(opts)
	if err != nil {
		return failure(e, "validate", err)
	}
	found := findings.New(findings.Options{Config: opts.Target.Policy(), Filter: opts.Filter, SetApart: res.SetApart, Place: place}).Run(res.Diagnostics)
	doc := report.Document{Tool: "validate", Diagnostics: found.Judged, Untouched: found.Untouched, Category: place, FilesChecked: res.Files, Rules: ruleInfo()}
	if err := printReport(e.stdout, *format, doc); err != nil {
		return failure(e, "validate", err)
	}
	return findingsCode(found.Judged)
}

// validateFilter explains what is wrong with a --filter value, or is "".
func validateFilter(filter, base string) string {
	switch {
	case filter != config.FilterAll && filter != config.FilterChanged:
		return fmt.Sprintf("unknown filter mode %q (legal: all, changed)", filter)
	case filter == config.FilterChanged && base == "":
		return "--filter changed needs --base: without a base revision no story is untouched"
	}
	return ""
}

// lintOptions resolves the root and opens the target: with --base and no
// --config, the base revision's configuration (target.Open).
func lintOptions(e env, cmd, root, cfgPath, base string, paths []string) (lint.Options, int) {
	r, err := rootFor(root, paths)
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate %s: %v\n", cmd, err)
		return lint.Options{}, ExitUsage
	}
	t, code := openTarget(e, cmd, target.Options{Root: r, ConfigFile: cfgPath, Base: base})
	if code >= 0 {
		return lint.Options{}, code
	}
	return lint.Options{Target: t, Paths: absPaths(paths), Slim: true}, -1
}

// failure maps an engine error to an exit code: configuration, missing
// paths, a --base that is not in the clone (or no clone at all) are the
// user's to fix (2), everything else is storygate's (3).
func failure(e env, cmd string, err error) int {
	fmt.Fprintf(e.stderr, "storygate %s: %v\n", cmd, err)
	var cfgErr *config.Error
	if errors.As(err, &cfgErr) || errors.Is(err, os.ErrNotExist) || errors.Is(err, lint.ErrOutsideRoot) ||
		errors.Is(err, gitrepo.ErrRevisionMissing) || errors.Is(err, git.ErrRepositoryNotExists) || safefile.Refused(err) ||
		errors.Is(err, target.ErrNoMergeBase) || errors.Is(err, target.ErrNoRepository) {
		return ExitUsage
	}
	return ExitInternal
}

// findingsCode is 1 when any diagnostic is at error severity.
func findingsCode(ds []diag.Diagnostic) int {
	if diag.Count(ds).Errors > 0 {
		return ExitFindings
	}
	return ExitOK
}

// ruleDescription is a story rule's full description, as its docs/rules.md
// entry opens: what it checks, what it needs, its spec section and severity.
func ruleDescription(r *rules.Rule) string {
	summary := strings.TrimSuffix(r.Summary, ".")
	if summary != "" {
		summary = strings.ToUpper(summary[:1]) + summary[1:]
	}
	return fmt.Sprintf("%s. Needs: %s. Spec: %s. Default severity: %s.", summary, r.Need, r.Spec, r.Severity)
}

// ruleInfo describes the rules a validate or gate run can report, for
// SARIF: the story rules, and the stage and record-file rules the stages
// and records gates add.
func ruleInfo() map[string]report.RuleInfo {
	out := recordFileRules()
	for _, r := range append(rules.All(), rules.Deferred...) {
		out[r.ID] = report.RuleInfo{ID: r.ID, Summary: r.Summary, Description: ruleDescription(r)}
	}
	for _, r := range stage.Rules() {
		out[r.ID] = report.RuleInfo{ID: r.ID, Summary: r.Summary}
	}
	return out
}
