package records

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/diag"
)

// RuleUnrelated is the rule ID of a record that holds none of the fields
// its suite reads: every check would pass or fail on absence alone, so the
// suite cannot judge it and it is most likely checked with the wrong suite.
const RuleUnrelated = "records/unrelated"

// maxNamedReads bounds how many of the suite's fields the message names.
const maxNamedReads = 8

// ReadPaths returns the dotted paths the checks of s read from the root of
// a record, each once, in suite order. Paths inside an each rule's then are
// read from the elements and are left out: the each rule's own path already
// says whether the record holds them.
func (s *Suite) ReadPaths() []string {
	var paths []string
	for _, c := range s.Checks {
		paths = c.Rule.rootPaths(paths)
	}
	seen := map[string]bool{}
	out := paths[:0]
	for _, p := range paths {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// rootPaths appends the paths r reads from the value it is evaluated on.
func (r *Rule) rootPaths(out []string) []string {
	if r.Path.text != "" {
		out = append(out, r.Path.text)
	}
	if r.Than.text != "" {
		out = append(out, r.Than.text)
	}
	for _, p := range r.Of {
		out = append(out, p.text)
	}
	if r.Kind == "computed" {
		out = append(out, computedChecks[r.Name].reads...)
	}
	if r.If != nil {
		out = r.If.rootPaths(out)
	}
	if r.Kind == "when" {
		out = r.Then.rootPaths(out)
	}
	return out
}

func (c *Condition) rootPaths(out []string) []string {
	if c.Rule != nil {
		return c.Rule.rootPaths(out)
	}
	return append(out, c.Path.text)
}

// unrelated returns the records/unrelated finding when rec holds none of
// the fields s reads. A record that is not a mapping (a list of scalars, a
// number, a string) reaches none of them either. Why a finding and not a
// pass: a suite whose rules are all conditional (when, each) passes such a
// record without reading anything, and a user would take that "no problems"
// for a verdict.
func unrelated(s *Suite, rec Record) (diag.Diagnostic, bool) {
	paths := s.ReadPaths()
	if len(paths) == 0 {
		return diag.Diagnostic{}, false
	}
	for _, p := range paths {
		if reaches(rec.Root, p) {
			return diag.Diagnostic{}, false
		}
	}
	return diag.New(RuleUnrelated, diag.SeverityError, rec.File, rec.Root.Pos,
		"the record (%s) holds none of the fields suite %s reads (%s), so no check could judge it; is this the suite for this kind of record?",
		shape(rec.Root), suiteLabel(s), namedReads(paths)), true
}

// shape names what a record is, for a reader who expected a mapping.
func shape(v *Value) string {
	switch v.Kind {
	case KindMap, KindList, KindNull:
		return v.Describe()
	case KindString:
		return "the string " + v.Describe()
	case KindBool:
		return "the boolean " + v.Describe()
	}
	return "the number " + v.Describe()
}

// reaches reports whether the dotted path p reaches a value in root, null
// included: a field written as null is still the record's field.
func reaches(root *Value, p string) bool {
	for _, h := range resolve(root, strings.Split(p, "."), "") {
		if h.v != nil {
			return true
		}
	}
	return false
}

func suiteLabel(s *Suite) string {
	if s.Name != "" {
		return s.Name
	}
	return s.File
}

func namedReads(paths []string) string {
	if len(paths) <= maxNamedReads {
		return strings.Join(paths, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(paths[:maxNamedReads], ", "), len(paths)-maxNamedReads)
}
