// Package rules holds the story rule catalog: one rule per file, each
// finding problems and nothing else. Severity overrides and filtering happen
// later, in package lint.
package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/change"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/par"
	"github.com/storygate/storygate/internal/story"
)

// Need says what a rule must have to decide (see docs/rules.md).
type Need = catalog.Need

// The needs of the catalog.
const (
	NeedFile = catalog.NeedFile
	NeedSet  = catalog.NeedSet
	NeedBase = catalog.NeedBase
	NeedPR   = catalog.NeedPR
	NeedRun  = catalog.NeedRun
)

// Rule is one catalog entry with the checks that decide it; what it is
// (ID, need, spec, severity, summary) is package catalog's entry. File
// rules implement CheckFile (called once per story, with the base version
// when there is one; a NeedBase file rule compares the two, so it is not
// called for a story the change left as it was); set and repository-wide
// base rules implement CheckSet (called once per run).
type Rule struct {
	catalog.Rule
	// CheckFile checks one story; nil for set-level rules.
	CheckFile func(p *Pass)
	// CheckSet checks the whole set of stories; nil for per-story rules.
	CheckSet func(p *SetPass)
}

// Unit is one story at head with its base version (nil when new or no
// base): the change model's pair, so rules read the one model of the change.
type Unit = change.Pair

// Pass is what a per-story rule sees.
type Pass struct {
	Unit
	// HasBase is true when a base revision was given (--base).
	HasBase bool
	rule    *Rule
	out     *[]diag.Diagnostic
}

// Report records a finding at pos in the story file.
func (p *Pass) Report(pos story.Pos, format string, args ...any) {
	*p.out = append(*p.out, diag.New(p.rule.ID, p.rule.Severity, p.Head.Path, pos, format, args...))
}

// SetPass is what a set-level rule sees: every story, and with a base the
// files changed between base and head.
type SetPass struct {
	// Change is the change model: its grants answer what the change may write.
	Change  *change.Change
	Units   []Unit
	HasBase bool
	// Changes are the files changed base..head (empty without a base).
	Changes []gitrepo.Change
	// IsStory reports whether a path is a story file.
	IsStory func(path string) bool
	// Governed are the revert check's governed path prefixes.
	Governed []string
	// RevertDecides is set when the revert check decides this change's
	// governed edits (the gate, with a base and a revert suite): a
	// modified or deleted governed file no generating story's scope.write
	// claims is then the revert check's to decide (story-017: a forced
	// repair is permitted, any other edit escalates), not
	// scope/out-of-scope's. Without it, nothing else decides such a file,
	// and scope/out-of-scope reports it.
	RevertDecides bool
	// Deleted are the base versions of the story files the change deleted
	// (a story moved to a new path, matched by id, is not among them).
	Deleted []*story.Story
	// OtherStories are the story files of other roots (other packages of
	// the repository, or below this root but not its own) the change
	// created, modified or deleted, by repository path: such a change is
	// an agent's change for this root too.
	OtherStories []string
	// Adopted are storygate's own files (configuration, shipped
	// workflows) that an adoption change creates (lint.Adoption): no
	// story's scope needs to claim them. Nil for any other change.
	Adopted map[string]bool
	rule    *Rule
	out     *[]diag.Diagnostic
	// index numbers the stories and resolves their references (see
	// storyIndex), built once per run.
	index *setIndex
}

// storyIndex is the set's stories numbered by id, every reference
// resolved; for a duplicated id, the story with the first path. Shared by
// the set rules: read only.
func (p *SetPass) storyIndex() *setIndex {
	if p.index == nil {
		p.index = newSetIndex(p.Units)
	}
	return p.index
}

// Report records a finding at pos in file.
func (p *SetPass) Report(file string, pos story.Pos, format string, args ...any) {
	*p.out = append(*p.out, diag.New(p.rule.ID, p.rule.Severity, file, pos, format, args...))
}

// RunFile runs the per-story rules on u, appending findings to out.
func RunFile(rs []*Rule, u Unit, hasBase bool, out *[]diag.Diagnostic) {
	pass := &Pass{Unit: u, HasBase: hasBase, out: out} // one per story: rules do not keep it
	for _, r := range rs {
		if r.CheckFile == nil || (r.Need == NeedBase && (!hasBase || u.Unchanged())) {
			continue // a per-story base rule judges what the change did to the story
		}
		pass.rule = r
		r.CheckFile(pass)
	}
}

// RunSet runs the set-level rules, appending findings to out.
func RunSet(rs []*Rule, p SetPass, out *[]diag.Diagnostic) {
	// Set rules only read the units, so they run side by side; each writes
	// its own findings, appended in rule order for a stable output.
	found := make([][]diag.Diagnostic, len(rs))
	p.storyIndex() // before the rules share it
	par.Each(len(rs), func(i int) {
		r := rs[i]
		if r.CheckSet == nil || (r.Need == NeedBase && !p.HasBase) {
			return
		}
		pass := p
		pass.rule, pass.out = r, &found[i]
		r.CheckSet(&pass)
	})
	for _, ds := range found {
		*out = append(*out, ds...)
	}
}
