package stage

import "github.com/storygate/storygate/internal/catalog"

// The rules the parser reports while reading a file, before any check
// runs; they are listed with the checks for their catalog entries.
const (
	ruleFileEncoding       = "stage/file-encoding"
	ruleFrontmatterMissing = "stage/frontmatter-missing"
	ruleFrontmatterSyntax  = "stage/frontmatter-syntax"
)

// ruleList is every stage rule, sorted by ID, with the check that decides
// it: what each rule is (ID, severity, summary) is its catalog entry.
func ruleList() []Rule {
	return []Rule{
		{Rule: catalog.Must("stage/ars"), file: checkArs},
		{Rule: catalog.Must("stage/compartment-order"), file: checkCompartmentOrder},
		{Rule: catalog.Must("stage/consumes-shape"), file: checkConsumesShape},
		{Rule: catalog.Must("stage/cycle"), set: checkCycles},
		{Rule: catalog.Must("stage/duplicate-key"), file: checkDuplicateKeys},
		{Rule: catalog.Must("stage/duplicate-slug"), set: checkDuplicateSlugs},
		{Rule: catalog.Must("stage/field-type"), file: checkFieldTypes},
		{Rule: catalog.Must(ruleFileEncoding)}, // decided while reading the file
		{Rule: catalog.Must("stage/for-each-producer"), set: checkForEachProducers},
		{Rule: catalog.Must(ruleFrontmatterMissing)}, // decided while reading the file
		{Rule: catalog.Must(ruleFrontmatterSyntax)},  // decided while reading the file
		{Rule: catalog.Must("stage/invalid-value"), file: checkInvalidValues},
		{Rule: catalog.Must("stage/kebab-case"), file: checkKebabCase},
		{Rule: catalog.Must("stage/missing-producer"), set: checkMissingProducers},
		{Rule: catalog.Must("stage/mode-agent-team"), file: checkAgentTeam},
		{Rule: catalog.Must("stage/mode-needs-supports"), file: checkEnsembleSupports},
		{Rule: catalog.Must("stage/multiple-producers"), set: checkMultipleProducers},
		{Rule: catalog.Must("stage/not-checked"), set: checkNotChecked},
		{Rule: catalog.Must("stage/number-phase"), file: checkNumberPhase},
		{Rule: catalog.Must("stage/phase-directory"), file: checkPhaseDirectory},
		{Rule: catalog.Must("stage/pipeline-unique"), file: checkPipelineUnique},
		{Rule: catalog.Must("stage/produces-kinds"), file: checkProducesKinds},
		{Rule: catalog.Must("stage/required-field"), file: checkRequiredFields},
		{Rule: catalog.Must("stage/requires-reviewer"), file: checkRequiresReviewer},
		{Rule: catalog.Must("stage/reserved-key"), file: checkReservedKeys},
		{Rule: catalog.Must("stage/review-artifact"), file: checkReviewArtifact},
		{Rule: catalog.Must("stage/review-artifact-missing"), file: checkReviewArtifactPresent},
		{Rule: catalog.Must("stage/slug-filename"), file: checkSlugFilename},
		{Rule: catalog.Must("stage/steps-missing"), file: checkStepsPresent},
		{Rule: catalog.Must("stage/swarm-shape"), file: checkSwarmShape},
		{Rule: catalog.Must("stage/title-missing"), file: checkTitle},
		{Rule: catalog.Must("stage/unknown-agent"), set: checkAgents},
		{Rule: catalog.Must("stage/unknown-key"), file: checkUnknownKeys},
		{Rule: catalog.Must("stage/unknown-scope"), set: checkScopes},
		{Rule: catalog.Must("stage/unknown-stage"), set: checkUnknownStages},
		{Rule: catalog.Must("stage/when"), file: checkWhen},
	}
}
