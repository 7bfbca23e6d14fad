package catalog

import (
	"slices"
	"sync"

	"github.com/storygate/storygate/internal/diag"
)

// All returns every rule, in documentation order: the story catalog
// (story, hitl, verify and revert rules), then the stage, record-file and
// workflow rules. The slice is the caller's own.
func All() []Rule {
	rules, _ := built()
	return slices.Clone(rules)
}

// built is the catalog and each rule's place in it, built once: every
// rule of package rules looks itself up when storygate starts (Must), and
// building the list anew for each of them cost every start, the sandbox's
// helper included, about 2 ms.
var built = sync.OnceValues(func() ([]Rule, map[string]int) {
	var out []Rule
	for _, part := range [][]Rule{storyFileRules(), storySetRules(), pullRequestRules(), runRules(), stageRules(), recordRules(), workflowRules()} {
		out = append(out, part...)
	}
	at := make(map[string]int, len(out))
	for i, r := range out {
		if _, dup := at[r.ID]; !dup {
			at[r.ID] = i
		}
	}
	return out, at
})

// Of returns the rules the engines report, in documentation order.
func Of(engines ...Engine) []Rule {
	var out []Rule
	for _, r := range All() {
		if slices.Contains(engines, r.Engine) {
			out = append(out, r)
		}
	}
	return out
}

// Lookup returns the rule with the ID.
func Lookup(id string) (Rule, bool) {
	rules, at := built()
	i, ok := at[id]
	if !ok {
		return Rule{}, false
	}
	return rules[i], true
}

// Known reports whether id is a rule of the catalog: what a rules: entry
// of the configuration may name.
func Known(id string) bool {
	_, ok := Lookup(id)
	return ok
}

// Must returns the rule with the ID, for the engines that declare their
// rules by it; an ID missing from the catalog is a programming error,
// found the first time the engine's package is loaded.
func Must(id string) Rule {
	r, ok := Lookup(id)
	if !ok {
		panic("catalog: no rule " + id)
	}
	return r
}

// ofEngine sets the engine and the default severity of rules that share
// both, and returns them.
func ofEngine(e Engine, sev diag.Severity, rules []Rule) []Rule {
	for i := range rules {
		rules[i].Engine, rules[i].Severity = e, sev
	}
	return rules
}
