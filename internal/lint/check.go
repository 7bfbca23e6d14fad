package lint

import (
	"fmt"
	"github.com/storygate/storygate/internal/pathglob"
	"sort"
	"strings"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/rules"
)

func check(opts Options, targets []string, ls []*loaded, ctx *baseContext) (*Result, error) {
	active, err := activeRules(opts.Config)
	if err != nil {
		return nil, err
	}
	isTarget := map[string]bool{}
	for _, t := range targets {
		isTarget[t] = true
	}
	res := &Result{Files: len(targets)}
	perFile := make([][]diag.Diagnostic, len(ls))
	parallel(len(ls), func(i int) {
		l := ls[i]
		if !isTarget[l.path] {
			return
		}
		if l.early != nil {
			perFile[i] = append(perFile[i], *l.early)
			return
		}
		rules.RunFile(active, l.unit, ctx.read != nil, &perFile[i])
	})
	for _, ds := range perFile {
		res.Diagnostics = append(res.Diagnostics, ds...)
	}
	res.Diagnostics = append(res.Diagnostics, setDiagnostics(opts, active, ls, ctx, isTarget)...)
	res.Diagnostics = applySeverities(res.Diagnostics, opts.Config)
	diag.Sort(res.Diagnostics)
	for _, l := range ls {
		if l.unit.Head != nil && isTarget[l.path] {
			res.Units = append(res.Units, l.unit)
		}
	}
	return res, nil
}

// setDiagnostics runs the set-level rules and keeps findings on the targets
// (and on non-story files, which only changed-file rules report).
func setDiagnostics(opts Options, active []*rules.Rule, ls []*loaded, ctx *baseContext, isTarget map[string]bool) []diag.Diagnostic {
	pass := rules.SetPass{HasBase: ctx.read != nil, Changes: ctx.changes, Governed: opts.Config.Revert.Governed}
	isStory := map[string]bool{}
	for _, l := range ls {
		isStory[l.path] = true
		if l.unit.Head != nil {
			pass.Units = append(pass.Units, l.unit)
		}
	}
	pass.IsStory = func(p string) bool { return isStory[p] || pathglob.MatchAny(opts.Config.Stories, p) }
	var all, kept []diag.Diagnostic
	rules.RunSet(active, pass, &all)
	for _, d := range all {
		if isTarget[d.File] || !isStory[d.File] {
			kept = append(kept, d)
		}
	}
	return kept
}

// activeRules returns the catalog minus rules turned off, refusing unknown IDs.
func activeRules(cfg *config.Config) ([]*rules.Rule, error) {
	known := map[string]bool{}
	for _, r := range rules.All() {
		known[r.ID] = true
	}
	var unknown []string
	for id := range cfg.Rules {
		if !known[id] {
			unknown = append(unknown, id)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, &config.Error{File: cfg.Path, Message: fmt.Sprintf("unknown rule ID(s) %s under rules (see docs/rules.md for the catalog)", strings.Join(unknown, ", "))}
	}
	var out []*rules.Rule
	for _, r := range rules.All() {
		if cfg.Rules[r.ID] != "off" {
			out = append(out, r)
		}
	}
	return out, nil
}

// applySeverities rewrites severities the configuration overrides and drops
// rules turned off (parse-level rules included).
func applySeverities(ds []diag.Diagnostic, cfg *config.Config) []diag.Diagnostic {
	out := ds[:0]
	for _, d := range ds {
		sev, ok := cfg.Rules[d.Rule]
		if ok && sev == "off" {
			continue
		}
		if ok {
			d.Severity, _ = diag.ParseSeverity(sev)
		}
		out = append(out, d)
	}
	return out
}
