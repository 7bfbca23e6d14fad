package lint

import (
	"bytes"

	"github.com/storygate/storygate/internal/change"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/story"
)

// The filter stage (gate.filter, docs/configuration.md) runs after the
// rules, which only find: with a base and the changed mode it tells the
// findings pipeline (internal/findings) which findings on stories the
// change did not touch to set apart (Result.SetApart).
//
// A story is untouched only when its file is byte for byte the base's, at
// the same path, and the change neither created, modified, deleted nor
// moved it; so a move or a deletion never makes a story untouched. A file
// rule reads nothing but the story (and the base configuration), so its
// findings on an untouched story were there at base. A set rule reads
// other stories too: its finding on an untouched story counts as
// untouched only when the base revision's stories give the same finding,
// so a change cannot break an old story from the outside and have that
// excused.

// findingKey identifies a finding independently of its severity.
type findingKey struct {
	rule, file, message string
	line, column        int
}

func keyOf(d diag.Diagnostic) findingKey {
	return findingKey{rule: d.Rule, file: d.File, message: d.Message, line: d.Line, column: d.Column}
}

// filtering reports whether the run splits off findings on untouched
// stories: only the changed mode with a base has anything to filter by.
func filtering(opts Options, ctx *baseContext) bool {
	return opts.Filter == config.FilterChanged && ctx.read != nil
}

// untouched reports whether the loaded file is the base's, unchanged.
func (c *baseContext) untouched(l *loaded) (bool, error) {
	if c.read == nil || c.changed[l.path] || l.renamedFrom != "" {
		return false, nil
	}
	if l.unit.Head == nil {
		return true, nil // refused before parsing (too large, not a file), and not in the change
	}
	if b := l.unit.Base; b != nil && b.Path == l.path && b.Src != nil {
		return bytes.Equal(b.Src, l.unit.Head.Src), nil
	}
	src, ok, err := c.read(l.path)
	return ok && bytes.Equal(src, l.unit.Head.Src), err
}

// setApart returns the untouched-set predicate of the findings pipeline's
// untouched stage (findings.Untouched): whether a finding is on an
// untouched story and excused there. A file rule's finding is; a set
// rule's only when the base revision's stories give it too, which is
// worked out the first time such a finding is asked about. Findings no
// rule of this run gave (another engine's) are never excused by it.
func setApart(fileDs []diag.Diagnostic, untouched map[string]bool, atBase func() map[findingKey]bool) func(diag.Diagnostic) bool {
	byFileRule := map[findingKey]bool{}
	for _, d := range fileDs {
		if untouched[d.File] {
			byFileRule[keyOf(d)] = true
		}
	}
	var known map[findingKey]bool
	return func(d diag.Diagnostic) bool {
		if !untouched[d.File] {
			return false
		}
		if byFileRule[keyOf(d)] {
			return true
		}
		if known == nil {
			known = atBase()
		}
		return known[keyOf(d)]
	}
}

// setFindingsAtBase runs the set rules that need no base (the delegation
// rules) on the stories as they were at base: untouched ones as they are,
// changed and moved ones as their base versions, deleted ones restored,
// created ones left out.
func setFindingsAtBase(active []*rules.Rule, ls []*loaded, deleted []*story.Story) map[findingKey]bool {
	var units []rules.Unit
	for _, l := range ls {
		switch {
		case l.unit.Head == nil:
		case l.untouched:
			units = append(units, l.unit)
		case l.unit.Base != nil && l.unit.Base.Front != nil:
			units = append(units, rules.Unit{Head: l.unit.Base, Base: l.unit.Base})
		}
	}
	for _, s := range deleted {
		if s.Front != nil {
			units = append(units, rules.Unit{Head: s, Base: s})
		}
	}
	isUnit := map[string]bool{}
	for _, u := range units {
		isUnit[u.Head.Path] = true
	}
	pass := rules.SetPass{Units: units, IsStory: func(p string) bool { return isUnit[p] }, Change: change.New(units, nil, nil, false)}
	var ds []diag.Diagnostic
	rules.RunSet(active, pass, &ds)
	known := make(map[findingKey]bool, len(ds))
	for _, d := range ds {
		known[keyOf(d)] = true
	}
	return known
}
