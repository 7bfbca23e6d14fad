package cli

import (
	"errors"
	"fmt"
	"os"
	"syscall"

	"github.com/go-git/go-git/v5"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/findings"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/report"
	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/target"
)

const validateSynopsis = "validate [--base REV [--filter all|changed]] [--config FILE] [--format text|json|sarif|github] [--color auto|always|never] [--root DIR] [PATH...]"

func runValidate(e env, args []string) int {
	fs := newFlagSet(e, "validate", validateSynopsis)
	base := fs.String("base", "", "compare with this base revision (turns on base and changed-file rules)")
	cfgPath := fs.String("config", "", "configuration file (default .github/storygate.yml under the root)")
	format := fs.String("format", "text", "output format: text, json, sarif or github")
	root := fs.String("root", "", "repository root (default: the git work tree containing the first PATH, else the one containing the current directory)")
	filter := fs.String("filter", string(config.FilterAll), "with --base: all judges every story; changed judges the stories the change touched, as the gate does, and sets the findings on the others apart")
	var output outputFlags
	fs.StringVar(&output.color, "color", "auto", "colour the text report: auto (on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it), always or never")
	paths, code := parseFlags(fs, args)
	if code < 0 {
		code = output.check(e, "validate")
	}
	if code >= 0 {
		return code
	}
	if !report.ValidFormat(*format) {
		fmt.Fprintf(e.stderr, "storygate validate: unknown format %q (legal: text, json, sarif, github)\n", *format)
		return ExitUsage
	}
	mode, err := validateFilter(*filter, *base)
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate validate: %v\n", err)
		return ExitUsage
	}
	opts, code := lintOptions(e, "validate", *root, *cfgPath, *base, paths)
	if code >= 0 {
		return code
	}
	opts.BatchGC, opts.Filter = true, mode
	place := placeFor(*format, opts.Target.Place())
	res, err := lint.Run(opts)
	if err != nil {
		return failure(e, "validate", err)
	}
	if res.Adoption != nil {
		fmt.Fprintf(e.stderr, "storygate validate: note: %s\n", res.Adoption.Note())
	}
	found := findings.New(findings.Options{Config: opts.Target.Policy(), Filter: opts.Filter, SetApart: res.SetApart, Place: place}).Run(res.Diagnostics)
	doc := report.Document{Tool: "validate", Diagnostics: found.Judged, Untouched: found.Untouched, Category: place, FilesChecked: res.Files, Rules: report.CatalogRules()}
	if err := output.printReport(e, *format, doc); err != nil {
		return failure(e, "validate", err)
	}
	return findingsCode(found.Judged)
}

// validateFilter reads the --filter value, which the changed mode may
// take only with --base.
func validateFilter(filter, base string) (config.FilterMode, error) {
	mode, err := config.ParseFilterMode(filter)
	switch {
	case err != nil:
		return "", fmt.Errorf("--filter: %w", err)
	case mode == config.FilterChanged && base == "":
		return "", errors.New("--filter changed needs --base: without a base revision no story is untouched")
	}
	return mode, nil
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
// or unreadable inputs, a directory holding no story, a --base that is
// not in the clone (or no clone at all) are the user's to fix (2),
// everything else is storygate's (3).
func failure(e env, cmd string, err error) int {
	fmt.Fprintf(e.stderr, "storygate %s: %v\n", cmd, err)
	return readCode(err)
}

// readCode is the exit code for an error reading the user's inputs: 2
// when it is theirs to fix (usersToFix), else 3.
func readCode(err error) int {
	if usersToFix(err) {
		return ExitUsage
	}
	return ExitInternal
}

// usersToFix reports whether err is the user's to fix (failure).
func usersToFix(err error) bool {
	var cfgErr *config.Error
	return errors.As(err, &cfgErr) || errors.Is(err, os.ErrNotExist) || errors.Is(err, lint.ErrOutsideRoot) ||
		errors.Is(err, gitrepo.ErrRevisionMissing) || errors.Is(err, git.ErrRepositoryNotExists) || safefile.Refused(err) ||
		errors.Is(err, target.ErrNoMergeBase) || errors.Is(err, target.ErrNoRepository) || errors.Is(err, syscall.ENAMETOOLONG) ||
		errors.Is(err, safefile.ErrUnreadable) || errors.Is(err, lint.ErrNoStories)
}

// findingsCode is 1 when any diagnostic is at error severity.
func findingsCode(ds []diag.Diagnostic) int {
	if diag.Count(ds).Errors > 0 {
		return ExitFindings
	}
	return ExitOK
}
