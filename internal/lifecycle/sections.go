package lifecycle

// The sections of §7, in the required order.
const (
	SectionGoal         = "Goal"
	SectionNonGoals     = "Non-Goals"
	SectionConstraints  = "Constraints"
	SectionAcceptance   = "Acceptance Criteria"
	SectionVerification = "Verification Contract"
	SectionScope        = "Context Scope"
	SectionPlanner      = "Planner Output"
	SectionGenerator    = "Generator Iterations"
	SectionEvaluator    = "Evaluator Results"
	SectionDecisions    = "Human Decisions"
	SectionEvidence     = "Evidence"
	SectionLog          = "Transition Log"
)

// RequiredSections lists the `##` sections of §7 in order.
var RequiredSections = []string{
	SectionGoal, SectionNonGoals, SectionConstraints, SectionAcceptance, SectionVerification, SectionScope,
	SectionPlanner, SectionGenerator, SectionEvaluator, SectionDecisions, SectionEvidence, SectionLog,
}

// FrozenSections are the body sections frozen when the story enters ready (§6).
var FrozenSections = []string{SectionGoal, SectionNonGoals, SectionConstraints}

// sectionOwner maps each role-owned section to the role that may append to it (§4).
var sectionOwner = map[string]Role{
	SectionPlanner:   Planner,
	SectionGenerator: Generator,
	SectionEvaluator: Evaluator,
	SectionEvidence:  Evaluator,
	SectionDecisions: Human,
	SectionLog:       Orchestrator,
}

// OwnerOf returns the role that may append to section (§4).
func OwnerOf(section string) (Role, bool) {
	r, ok := sectionOwner[section]
	return r, ok
}

// EntryKind describes the `###` entries a role section holds (§8).
type EntryKind struct {
	Section string
	// Prefix is the heading word before the number: "Plan v", "Iteration ".
	Prefix string
	// Fields are the bold fields every entry must carry.
	Fields []string
}

// EntryKinds lists the four entry formats of §8.
var EntryKinds = []EntryKind{
	{SectionPlanner, "Plan v", []string{"Date"}},
	{SectionGenerator, "Iteration ", []string{"Date"}},
	{SectionEvaluator, "Evaluation ", []string{"Date", "Status"}},
	{SectionDecisions, "Decision ", []string{"Date", "At state", "Decision", "Rationale", "Binding"}},
}

// EvaluationStatuses are the legal **Status:** values of an evaluation.
var EvaluationStatuses = []string{"ACCEPTED", "REJECTED", "ESCALATED"}
