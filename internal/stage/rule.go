package stage

import (
	"fmt"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/diag"
)

// Rule is one check with a stable public ID of the stage/… family; what it
// is (ID, severity, summary) is its catalog entry.
type Rule struct {
	catalog.Rule
	// file checks one parsed file; nil for set-level and parse rules.
	file func(r *reporter, f *File)
	// set checks the whole stage set; nil for per-file rules.
	set func(r *reporter, s *Set)
}

// Rules returns every rule sorted by ID.
func Rules() []Rule { return ruleList() }

// ruleSeverity returns the default severity of a rule the parser reports
// (error if the catalog does not know it).
func ruleSeverity(id string) diag.Severity {
	if r, ok := catalog.Lookup(id); ok {
		return r.Severity
	}
	return diag.SeverityError
}

// reporter collects the findings of one rule.
type reporter struct {
	rule *Rule
	out  *[]diag.Diagnostic
}

// at reports a finding at a YAML node of f.
func (r *reporter) at(f *File, n *yaml.Node, format string, args ...any) {
	r.atPos(f, f.Pos(n), format, args...)
}

// atPos reports a finding at an explicit position of f.
func (r *reporter) atPos(f *File, pos diag.Pos, format string, args ...any) {
	*r.out = append(*r.out, diag.New(r.rule.ID, r.rule.Severity, f.Path, pos, format, args...))
}

// Check runs every rule over the set and returns the findings, including
// those the parser reported, in the order found: the findings pipeline
// (internal/findings) of the command or gate run orders them.
func Check(s *Set) []diag.Diagnostic {
	out := append([]diag.Diagnostic(nil), s.ParseDiagnostics...)
	rules := ruleList()
	for i := range rules {
		runRule(&reporter{rule: &rules[i], out: &out}, s)
	}
	return out
}

func runRule(rep *reporter, s *Set) {
	if rep.rule.set != nil {
		rep.rule.set(rep, s)
	}
	if rep.rule.file == nil {
		return
	}
	for _, f := range s.Files {
		if f.Parsed() {
			rep.rule.file(rep, f)
		}
	}
}

// quoted formats a value for messages the way the engine's errors do.
func quoted(s string) string { return fmt.Sprintf("%q", s) }
