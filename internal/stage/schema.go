package stage

import (
	"regexp"
	"strings"
)

// valueKind is the YAML shape a frontmatter field must have.
type valueKind int

const (
	kindString valueKind = iota
	kindStringList
	kindBool
	kindInt
	kindMap
	kindObjectList
)

// kindWord names a valueKind in messages.
func (k valueKind) word() string {
	return [...]string{"a string", "a list of strings", "a boolean", "an integer", "a mapping", "a list of mappings"}[k]
}

// fieldSpec is one authored frontmatter field of stage-fields.md.
type fieldSpec struct {
	name     string
	kind     valueKind
	required bool
}

// fieldSpecs lists every authored field in the order of the field table.
var fieldSpecs = []fieldSpec{
	{"slug", kindString, true},
	{"name", kindString, false},
	{"number", kindString, false},
	{"plugin", kindString, false},
	{"phase", kindString, true},
	{"execution", kindString, true},
	{"condition", kindString, true},
	{"lead_agent", kindString, true},
	{"support_agents", kindStringList, true},
	{"mode", kindString, true},
	{"reviewer", kindString, false},
	{"review_artifact", kindString, false},
	{"reviewer_max_iterations", kindInt, false},
	{"review_class", kindString, false},
	{"summary_confirmation", kindString, false},
	{"for_each", kindString, false},
	{"workspace_requires", kindBool, false},
	{"produces", kindStringList, true},
	{"optional_produces", kindStringList, false},
	{"produces_kinds", kindMap, false},
	{"consumes", kindObjectList, true},
	{"requires_stage", kindStringList, true},
	{"scopes", kindStringList, false},
	{"sensors", kindStringList, false},
	{"required_sections", kindStringList, false},
	{"when", kindMap, false},
	{"ars", kindMap, false},
	{"inputs", kindString, true},
	{"outputs", kindString, true},
}

// specFor returns the field spec of name, or false for an unknown key.
func specFor(name string) (fieldSpec, bool) {
	for _, s := range fieldSpecs {
		if s.name == name {
			return s, true
		}
	}
	return fieldSpec{}, false
}

// legalKeys is the comma-separated list unknown-key messages name.
func legalKeys() string {
	names := make([]string, len(fieldSpecs))
	for i, s := range fieldSpecs {
		names[i] = s.name
	}
	return strings.Join(names, ", ")
}

// reservedKeys maps each reserved key to the subsystem it is reserved for.
var reservedKeys = map[string]string{
	"on_failure": "loop driver",
	"blocks_on":  "construction worktrees",
	"timeout":    "sensor binding",
	"retry":      "loop driver",
}

// Phases in their display order; the index is the display_order prefix.
var Phases = []string{"initialization", "ideation", "inception", "construction", "operation"}

// phasePrefix returns the display prefix of a phase, or -1.
func phasePrefix(phase string) int {
	for i, p := range Phases {
		if p == phase {
			return i
		}
	}
	return -1
}

// Enumerations of stage-fields.md.
var (
	executions       = []string{"ALWAYS", "CONDITIONAL"}
	modes            = []string{"inline", "subagent", "pipeline", "mob", "agent-team"}
	reviewClasses    = []string{"adversarial", "advisory"}
	confirmations    = []string{"required", "if-present"}
	conditionalOns   = []string{"brownfield", "greenfield"}
	unitKinds        = []string{"service", "spec", "ui", "packaging", "library"}
	arsTargets       = []string{"iae", "csu", "ve", "r", "ua"}
	arsRoles         = []string{"initialization", "core", "phase-gate", "structural"}
	projectTypes     = []string{"brownfield", "greenfield"}
	whenPredicates   = []string{"producer-in-plan"}
	consumeEntryKeys = []string{"artifact", "required", "conditional_on", "cited"}
	arsKeys          = []string{"targets", "cost", "role", "project_types"}
)

// orchestrator is the reserved pseudo-agent that has no agent file.
const orchestrator = "orchestrator"

var (
	kebabRE  = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	numberRE = regexp.MustCompile(`^(\d+)\.(\d+)$`)
)

func isKebab(s string) bool { return kebabRE.MatchString(s) }

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// oneOf renders an enumeration for messages: a | b | c.
func oneOf(list []string) string { return strings.Join(list, " | ") }
