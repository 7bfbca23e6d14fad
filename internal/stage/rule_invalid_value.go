package stage

import (
	"strconv"

	"gopkg.in/yaml.v3"
)

// enumFields maps each enumerated top-level field to its legal values.
var enumFields = []struct {
	name  string
	legal []string
}{
	{"phase", Phases}, {"execution", executions}, {"mode", modes},
	{"review_class", reviewClasses}, {"summary_confirmation", confirmations},
}

func checkInvalidValues(r *reporter, f *File) {
	for _, e := range enumFields {
		if v := f.Get(e.name); isString(v) && !contains(e.legal, v.Value) {
			r.at(f, v, "%s must be one of %s, got %q", e.name, oneOf(e.legal), v.Value)
		}
	}
	checkNumberShape(r, f)
	checkReviewCap(r, f)
	checkConditionalOn(r, f)
	checkNonEmpty(r, f)
}

func checkNumberShape(r *reporter, f *File) {
	if v := f.Get("number"); isScalar(v) && !numberRE.MatchString(v.Value) {
		r.at(f, v, "number must be <phase-prefix>.<index> (<int>.<int>), got %q", v.Value)
	}
}

func checkReviewCap(r *reporter, f *File) {
	if n, ok := intValue(f.Get("reviewer_max_iterations")); ok && n < 1 {
		r.at(f, f.Get("reviewer_max_iterations"), "reviewer_max_iterations must be a positive integer, got %s", strconv.Itoa(n))
	}
}

func checkConditionalOn(r *reporter, f *File) {
	for i, e := range seqItems(f.Get("consumes")) {
		if _, v := mapLookup(e, "conditional_on"); isString(v) && !contains(conditionalOns, v.Value) {
			r.at(f, v, "consumes[%d].conditional_on must be one of %s, got %q (omit the key for an unconditional consume)", i, oneOf(conditionalOns), v.Value)
		}
	}
}

// checkNonEmpty refuses empty names where an empty string can never be right.
func checkNonEmpty(r *reporter, f *File) {
	for _, name := range []string{"lead_agent", "reviewer", "review_artifact"} {
		if v := f.Get(name); isString(v) && v.Value == "" {
			r.at(f, v, "%s must not be empty", name)
		}
	}
	for _, name := range []string{"support_agents", "scopes", "sensors", "required_sections"} {
		for i, it := range seqItems(f.Get(name)) {
			if isString(it) && it.Value == "" {
				r.at(f, it, "%s[%d] must be non-empty", name, i)
			}
		}
	}
}

// seqItems returns the items of a sequence node, or nil for other shapes.
func seqItems(n *yaml.Node) []*yaml.Node {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	return n.Content
}
