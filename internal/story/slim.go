package story

import "strings"

// Slim returns a copy of s that keeps only what set-level rules read: the
// path, and of the frontmatter the id, state, parent, dependencies and
// write scope with their positions. No source, body, YAML tree or other
// field survives, so holding ten thousand slim stories costs the garbage
// collector little: every object a slim story still points to is one a
// set rule needs.
func (s *Story) Slim() *Story {
	out := &Story{Path: s.Path, Problems: s.Problems}
	fm := s.Front
	if fm == nil {
		return out
	}
	out.Front = &Frontmatter{Details: &noDetails,
		StartLine: fm.StartLine, EndLine: fm.EndLine, lineOffset: fm.lineOffset,
		ID: detach(fm.ID), State: detach(fm.State), Parent: detach(fm.Parent),
		DependsOn: detachList(fm.DependsOn), DependentStories: detachList(fm.DependentStories),
		Scope: Scope{Pos: fm.Scope.Pos, Set: fm.Scope.Set, Null: fm.Scope.Null,
			Write: detachList(fm.Scope.Write), Exclude: detachList(fm.Scope.Exclude), HasWrite: fm.Scope.HasWrite, HasExclude: fm.Scope.HasExclude},
	}
	for i, k := range slimKeys {
		if kv, ok := fm.Keys[k]; ok {
			out.Front.slimKeyPos[i] = fm.pos(kv.Key)
		}
	}
	return out
}

// noDetails is the Details of every slim story: empty, and never written
// (only the parser writes frontmatter fields, into a Details of its own).
var noDetails Details

// slimKeys are the keys whose positions set-level rules report at; a slim
// frontmatter keeps them in slimKeyPos, in this order (a zero Pos: absent).
var slimKeys = [...]string{"id", "state", "parent", "depends_on", "dependent_stories", "scope"}

// detach copies a scalar's value out of the text it was decoded from: the
// fast YAML path hands out substrings of one copy of the frontmatter, which
// a slim story must not keep alive for the sake of a few short values.
func detach(v Scalar) Scalar {
	v.Value = strings.Clone(v.Value)
	return v
}

// detachList detaches every item of l into a fresh slice.
func detachList(l StringList) StringList {
	if l.Items == nil {
		return l
	}
	items := make([]Scalar, len(l.Items))
	for i, it := range l.Items {
		items[i] = detach(it)
	}
	l.Items = items
	return l
}
