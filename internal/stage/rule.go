package stage

import (
	"fmt"
	"sort"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/diag"
)

// Rule is one check with a stable public ID of the stage/… family.
type Rule struct {
	// ID is the public rule ID, e.g. "stage/unknown-key".
	ID string
	// Severity is how serious every finding of the rule is.
	Severity diag.Severity
	// Summary says in one line what the rule checks.
	Summary string
	// file checks one parsed file; nil for set-level and parse rules.
	file func(r *reporter, f *File)
	// set checks the whole stage set; nil for per-file rules.
	set func(r *reporter, s *Set)
}

var registry = map[string]*Rule{}

// register adds a rule at package init; a duplicate ID is a programming error.
func register(r Rule) {
	if _, dup := registry[r.ID]; dup {
		panic("stage: rule registered twice: " + r.ID)
	}
	registry[r.ID] = &r
}

// Rules returns every registered rule sorted by ID.
func Rules() []Rule {
	out := make([]Rule, 0, len(registry))
	for _, r := range registry {
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// ruleSeverity returns the severity of a registered rule (error if unknown).
func ruleSeverity(id string) diag.Severity {
	if r, ok := registry[id]; ok {
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
	for _, rule := range Rules() {
		rep := &reporter{rule: registry[rule.ID], out: &out}
		runRule(rep, s)
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
