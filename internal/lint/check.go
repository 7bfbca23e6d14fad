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

// check loads, checks and (with Slim) slims each story in parallel, so
// memory holds one full story per worker, then runs the set rules. With a
// base it takes two passes: first every story that has a base at its own
// path, whose heads tell which modified files now hold another story
// (deletedStories.left), then, with the stories that left their path all
// known, the ones the change created and those whose base is another
// story, which find their base versions by id.
func check(opts Options, targets, set []string, ctx *baseContext) (*Result, error) {
	active, err := activeRules(opts)
	if err != nil {
		return nil, err
	}
	isTarget := map[string]bool{}
	for _, t := range targets {
		isTarget[t] = true
	}
	c := &checker{opts: opts, active: active, ctx: ctx, dirs: &safefile.Resolver{}, isTarget: isTarget,
		ls: make([]*loaded, len(set)), perFile: make([][]diag.Diagnostic, len(set)), errs: make([]error, len(set))}
	ls, perFile, err := c.run(set)
	if err != nil {
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

// checker is one run's check pass over the set.
type checker struct {
	opts     Options
	active   []*rules.Rule
	ctx      *baseContext
	dirs     *safefile.Resolver
	isTarget map[string]bool
	ls       []*loaded
	perFile  [][]diag.Diagnostic
	errs     []error
}

// run loads and checks every story of set, in the two passes check
// describes.
func (c *checker) run(set []string) ([]*loaded, [][]diag.Diagnostic, error) {
	c.ctx.ahead = c.ctx.startReadAhead(set)
	par.Each(len(set), func(i int) {
		c.ctx.ahead.begin(i)
		defer c.ctx.ahead.finish(i)
		if !c.ctx.created[set[i]] {
			c.ls[i], c.perFile[i], c.errs[i] = c.one(set[i], false)
		}
	})
	c.ctx.ahead.stop()
	c.ctx.ahead = nil
	if err := errors.Join(c.errs...); err != nil {
		return nil, nil, err
	}
	if err := c.ctx.deleted.settle(c.opts, c.ctx.read, c.ctx.readHead); err != nil {
		return nil, nil, err
	}
	var second []int
	for i, l := range c.ls {
		if l == nil || l.waiting {
			second = append(second, i)
		}
	}
	par.Each(len(second), func(j int) {
		i := second[j]
		if l := c.ls[i]; l != nil {
			c.ctx.attachMoved(l)
			c.perFile[i], c.errs[i] = c.judge(l)
			return
		}
		c.ls[i], c.perFile[i], c.errs[i] = c.one(set[i], true)
	})
	return c.ls, c.perFile, errors.Join(c.errs...)
}

// one loads the story at path with its base and judges it, unless its
// base is to be found among the stories that left their path and they
// are not all known yet (settled false): it then waits, parsed.
func (c *checker) one(path string, settled bool) (*loaded, []diag.Diagnostic, error) {
	l, err := load(c.opts, path, c.dirs)
	if err != nil {
		return nil, nil, err
	}
	if err := c.ctx.attachBase(c.opts, l); err != nil {
		return nil, nil, err
	}
	if l.waiting && !settled {
		return l, nil, nil
	}
	if l.waiting {
		c.ctx.attachMoved(l)
	}
	ds, err := c.judge(l)
	return l, ds, err
}

// judge runs the file rules on a loaded story with its base when it is a
// target, and slims it when asked.
func (c *checker) judge(l *loaded) ([]diag.Diagnostic, error) {
	opts, ctx, target := c.opts, c.ctx, c.isTarget[l.path]
	var err error
	if filtering(opts, ctx) {
		if l.untouched, err = ctx.untouched(l); err != nil {
			return nil, err
		}
	}
	notice, keep, err := ctx.skipNonStory(opts, l, target)
	l.here = nil // read once; the pair holds what is needed of it
	if err != nil || !keep {
		l.unit, l.notStory = rules.Unit{}, true
		return notice, err
	}
	var ds []diag.Diagnostic
	switch {
	case l.early != nil && target:
		ds = append(ds, *l.early)
	case l.early == nil && target:
		rules.RunFile(c.active, l.unit, ctx.read != nil, &ds)
		ds = append(ds, workingDirLinks(opts.root(), l.unit.Head, c.active)...)
	}
	if opts.Visit != nil && target && l.unit.Head != nil {
		opts.Visit(l.unit)
	}
	if opts.Slim && l.unit.Head != nil {
		l.slim(ctx.read != nil)
	}
	return ds, nil
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
	var facts []*change.Facts // worked out before a changed story was slimmed
	for _, l := range ls {
		isStory[l.path] = !l.notStory
		if l.unit.Head != nil {
			pass.Units, facts = append(pass.Units, l.unit), append(facts, l.facts)
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
	pass.Change = change.NewJudged(pass.Units, facts, pass.Deleted, pass.Changes, pass.HasBase)
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

// slim packs the loaded story until the set rules run (unpack); the
// source goes with the full story, to the garbage collector. A story the
// change did not touch is packed once, as its own base. A changed or
// created one is packed with its base version, after what the change
// model and findAdoption read of the pair is worked out; one that adds a
// Human Decision entry stays whole, for the gate's decision check.
func (l *loaded) slim(hasBase bool) {
	u := l.unit
	switch {
	case slimmable(u, hasBase):
		l.packed, l.packedBase = u.Head.Pack(), u.Base != nil
	case len(u.NewDecisions()) > 0:
		return
	default:
		facts := u.Facts()
		l.facts, l.seeded = &facts, u.Head.Front != nil && seededAsTemplate(u.Head)
		l.packed = u.Head.Pack()
		if u.Base != nil {
			l.packedOwn = u.Base.Pack()
		}
	}
	l.unit = rules.Unit{}
}

// slimmable reports whether u is slimmed as its own base: a story the
// change did not touch (every story, without a base).
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
		errs[i] = l.unpack()
	})
	return errors.Join(errs...)
}

func (l *loaded) unpack() error {
	slim, err := l.packed.Unpack()
	if err != nil {
		return fmt.Errorf("slim story %s: %w", l.path, err)
	}
	l.unit, l.packed = rules.Unit{Head: slim}, nil
	if l.packedBase {
		l.unit.Base = slim
	}
	if l.packedOwn != nil {
		if l.unit.Base, err = l.packedOwn.Unpack(); err != nil {
			return fmt.Errorf("slim base version of %s: %w", l.path, err)
		}
		l.packedOwn = nil
	}
	return nil
}
