// Package findings is the one pipeline every finding of a run passes
// through between the engine that found it and the printer that prints
// it, as golangci-lint's processor chain: the configured severities, the
// untouched filter, cleaning to the results document's bounds, the place
// in the repository, and the order. Engines only find; printers only
// print. A run composes its pipeline once (New) from what it knows about
// itself, and every engine's findings (stories, decisions, verify,
// revert, stages, records) go through it once, so no two places can
// disagree about a finding's severity, path or order.
package findings

import (
	"slices"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
)

// Set is the outcome of the pipeline: the findings a run judges, and the
// ones it sets apart on stories the change did not touch, which decide
// nothing (gate.filter, docs/configuration.md).
type Set struct {
	Judged    []diag.Diagnostic
	Untouched []diag.Diagnostic
}

// Stage is one processor of the pipeline. Process owns the slices of its
// input: the pipeline hands every stage slices no engine still holds.
type Stage interface {
	// Name names the stage, for tests and error messages.
	Name() string
	// Process returns the set the next stage receives.
	Process(Set) Set
}

// Options are what a run knows that decides its findings' final form.
type Options struct {
	// Config is the run's configuration, whose rules: section rewrites
	// severities and turns rules off; nil leaves severities as found.
	Config *config.Config
	// Filter is the filter mode (config.FilterChanged or FilterAll);
	// only the changed mode sets findings apart.
	Filter config.FilterMode
	// SetApart reports whether a finding lies on a story the change did
	// not touch and is excused there (lint.Result.SetApart); nil when
	// the run has nothing to filter by, such as a run without a base.
	SetApart func(diag.Diagnostic) bool
	// Bounded cleans messages and positions to the results document's
	// bounds (gate.CleanText): set for the gate, whose document
	// everything published reads and which refuses what does not fit.
	Bounded bool
	// Place is where the findings' root is in its repository, as
	// gitrepo.Repo.PathOf gives it: set when the findings are published
	// where GitHub resolves paths against the repository's top; "" or
	// "." leaves the paths relative to the root.
	Place string
}

// Pipeline is the chain of stages of one run, in the order New gives.
type Pipeline struct {
	stages []Stage
}

// New composes the pipeline of one run, in the one documented order:
//
//	severity → untouched → clean → place → sort
//
// Severity comes first, so that a finding set apart carries its
// configured severity and a rule turned off sets nothing apart; the
// untouched filter judges paths relative to the root, so it runs before
// the place; sort comes last, as it orders by the final paths.
func New(o Options) *Pipeline {
	return &Pipeline{stages: []Stage{
		Severity{Config: o.Config},
		Untouched{Filter: o.Filter, SetApart: o.SetApart},
		Clean{Bounded: o.Bounded},
		Place{Dir: o.Place},
		Sort{},
	}}
}

// Stages returns the pipeline's stages in the order they run.
func (p *Pipeline) Stages() []Stage { return slices.Clone(p.stages) }

// Run passes the findings one engine found through every stage and
// returns them final, for printers to print as they are. ds itself is
// left as it was: engines may share a finding slice with what they
// return (a revert verdict's paths, a verify document's results).
func (p *Pipeline) Run(ds []diag.Diagnostic) Set {
	s := Set{Judged: slices.Clone(ds)}
	for _, st := range p.stages {
		s = st.Process(s)
	}
	return s
}

// Severities is the pipeline's severity stage alone: ds at the configured
// severities, the findings of rules turned off dropped, ds itself left as
// it was. An engine that must know, before the run's findings are final,
// whether one is still an error (a stage set compiles when none is) asks
// here, so that it and the check it feeds cannot disagree.
func (p *Pipeline) Severities(ds []diag.Diagnostic) []diag.Diagnostic {
	for _, s := range p.stages {
		if sev, ok := s.(Severity); ok {
			return sev.Process(Set{Judged: slices.Clone(ds)}).Judged
		}
	}
	return slices.Clone(ds)
}
