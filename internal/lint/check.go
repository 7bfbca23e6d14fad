package lint

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/storygate/storygate/internal/change"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/par"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/safefile"
)

// check loads, checks and (with Slim) slims each story in one parallel pass,
// so memory holds one full story per worker, then runs the set rules.
func check(opts Options, targets, set []string, ctx *baseContext) (*Result, error) {
	active, err := activeRules(opts)
	if err != nil {
		return nil, err
	}
	isTarget := map[string]bool{}
	for _, t := range targets {
		isTarget[t] = true
	}
	ls := make([]*loaded, len(set))
	perFile := make([][]diag.Diagnostic, len(set))
	errs := make([]error, len(set))
	dirs := &safefile.Resolver{}
	par.Each(len(set), func(i int) {
		ls[i], perFile[i], errs[i] = checkOne(opts, active, ctx, dirs, set[i], isTarget[set[i]])
	})
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if err := unpack(ls); err != nil {
		return nil, err
	}
	res := &Result{Files: len(targets)}
	var fileDs []diag.Diagnostic
	for _, ds := range perFile {
		fileDs = append(fileDs, ds...)
	}
	setDs, pass, adoption := setDiagnostics(opts, active, ls, ctx, isTarget)
	res.Change, res.Adoption = pass.Change, adoption
	res.Diagnostics = append(fileDs, setDs...)
	if filtering(opts, ctx) {
		untouched := map[string]bool{}
		for _, l := range ls {
			if l.untouched {
				untouched[l.path] = true
			}
		}
		atBase := func() map[findingKey]bool { return setFindingsAtBase(active, ls, pass.Deleted) }
		res.SetApart = setApart(fileDs, untouched, atBase)
	}
	for _, l := range ls {
		if l.unit.Head != nil && isTarget[l.path] {
			res.Units = append(res.Units, l.unit)
		}
		if isTarget[l.path] && !l.notStory {
			res.Stories++
		}
	}
	return res, nil
}

// checkOne loads one story with its base, runs the file rules when it is a
// target, and slims it when asked.
func checkOne(opts Options, active []*rules.Rule, ctx *baseContext, dirs *safefile.Resolver, path string, target bool) (*loaded, []diag.Diagnostic, error) {
	l, err := load(opts.root(), path, dirs, opts.Overlay)
	if err != nil {
		return nil, nil, err
	}
	if err := ctx.attachBase(l); err != nil {
		return nil, nil, err
	}
	if filtering(opts, ctx) {
		if l.untouched, err = ctx.untouched(l); err != nil {
			return nil, nil, err
		}
	}
	notice, keep, err := ctx.skipNonStory(l, opts.config().Discovery.NonStory, target)
	if err != nil || !keep {
		l.unit, l.notStory = rules.Unit{}, true
		return l, notice, err
	}
	var ds []diag.Diagnostic
	switch {
	case l.early != nil && target:
		ds = append(ds, *l.early)
	case l.early == nil && target:
		rules.RunFile(active, l.unit, ctx.read != nil, &ds)
		ds = append(ds, workingDirLinks(opts.root(), l.unit.Head, active)...)
	}
	if opts.Visit != nil && target && l.unit.Head != nil {
		opts.Visit(l.unit)
	}
	if opts.Slim && l.unit.Head != nil && slimmable(l.unit, ctx.read != nil) {
		// Packed until the set rules run (unpack); the source goes with the
		// full story, to the garbage collector.
		l.packed, l.packedBase = l.unit.Head.Pack(), l.unit.Base != nil
		l.unit = rules.Unit{}
	}
	return l, ds, nil
}

// setDiagnostics runs the set-level rules and keeps findings on the targets
// (and on non-story files and deleted stories, which only the rules about
// the change report).
// It builds the change model the set rules read, from every story of the
// set (a generating story the change does not touch still grants).
func setDiagnostics(opts Options, active []*rules.Rule, ls []*loaded, ctx *baseContext, isTarget map[string]bool) ([]diag.Diagnostic, rules.SetPass, *Adoption) {
	pass := rules.SetPass{HasBase: ctx.read != nil, Changes: ctx.changes, Governed: opts.config().Revert.Governed,
		Deleted: ctx.deleted.unclaimed(ls), OtherStories: ctx.others.Paths(), RevertDecides: opts.RevertDecides}
	isStory, wasStory := map[string]bool{}, map[string]bool{}
	for _, l := range ls {
		isStory[l.path] = !l.notStory
		if l.unit.Head != nil {
			pass.Units = append(pass.Units, l.unit)
		}
	}
	if ctx.deleted != nil {
		for _, s := range ctx.deleted.all {
			wasStory[s.Path] = true // deleted or moved away
		}
	}
	// A story is a file discovery took as one (or one the change deleted):
	// other files the globs match, such as stories/README.md, are changes
	// like any other, which a generating story's scope must claim. Another
	// root's story inside this root is that root's to judge.
	pass.IsStory = func(p string) bool { return isStory[p] || wasStory[p] || ctx.others.InRoot(p) }
	adoption := findAdoption(opts, ls, ctx, pass.IsStory)
	pass.Adopted = adoption.adoptedFiles()
	pass.Change = change.New(pass.Units, pass.Deleted, pass.Changes, pass.HasBase)
	var all, kept []diag.Diagnostic
	rules.RunSet(active, pass, &all)
	for _, d := range all {
		if isTarget[d.File] || !isStory[d.File] {
			kept = append(kept, d)
		}
	}
	return kept, pass, adoption
}

// activeRules returns the catalog minus rules turned off, refusing unknown
// IDs; none with NoRules.
func activeRules(opts Options) ([]*rules.Rule, error) {
	cfg := opts.config()
	if err := cfg.CheckCatalogRuleIDs(); err != nil {
		return nil, err // a *config.Error, positioned at the first unknown ID
	}
	var out []*rules.Rule
	if opts.NoRules {
		return nil, nil
	}
	for _, r := range rules.All() {
		if cfg.Rules[r.ID] != "off" {
			out = append(out, r)
		}
	}
	return out, nil
}

// slimmable reports whether u may be slimmed: a story the change did not
// touch; a changed story keeps its body, which the base set rules read.
// With a base, a story without a base version was created in the change:
// its new log rows are its whole log, and whether it is generating (so
// what it grants) is read from them.
func slimmable(u rules.Unit, hasBase bool) bool {
	if u.Base == nil && hasBase {
		return false
	}
	return u.Base == nil || bytes.Equal(u.Base.Src, u.Head.Src)
}

// unpack turns every packed story back into its slim unit: an unchanged
// story with a base has the slim story as both.
func unpack(ls []*loaded) error {
	errs := make([]error, len(ls))
	par.Each(len(ls), func(i int) {
		l := ls[i]
		if l == nil || l.packed == nil {
			return
		}
		slim, err := l.packed.Unpack()
		if err != nil {
			errs[i] = fmt.Errorf("slim story %s: %w", l.path, err)
			return
		}
		l.unit, l.packed = rules.Unit{Head: slim}, nil
		if l.packedBase {
			l.unit.Base = slim
		}
	})
	return errors.Join(errs...)
}
