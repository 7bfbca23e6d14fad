package rules

import "github.com/storygate/storygate/internal/catalog"

// All returns the story rule catalog in documentation order. Rules that need
// a pull request or a run are decided by the packages that run them; they
// are listed by Deferred.
func All() []*Rule {
	return []*Rule{
		notText, tooLarge, outsideRepository, NotAStory,
		frontmatterMissing, frontmatterSyntax, requiredField, fieldType, requiredSection, duplicateSection, htmlBlock,
		sectionOrder, schemaVersion, reservedID, titleMismatch,
		illegalState, illegalRole, activeRoleMismatch, iterationNegative, maxIterations,
		acceptanceEmpty, verificationEmpty, duplicateID, scopeWriteEmpty, scopePath, scopeReadPath, sectionMismatch, passWhenInvalid, passWhenDraft, WorkingDir,
		entryFormat, entryFreeText, evidenceFormat, evidenceCitation,
		logFormat, fromMismatch, toMismatch, illegalTransition, unauthorizedActor, chronology,
		gateWithoutDecision, hitlPending, acceptanceEvidence, iterationOrder, iterationLimit,
		duplicateStoryID, unknownDependency, dependencyNotDone, dependencyCycle, parentScope, dependentsMismatch,
		contractChanged, appendOnly, sectionAuthority, unlogged, outOfScope, mayNotCreate, notChecked,
	}
}

// Deferred returns the story catalog's rules decided outside this package
// (they need a pull request or a run: the hitl, verify and revert
// engines), without checks, in documentation order.
func Deferred() []*Rule {
	var out []*Rule
	for _, r := range catalog.Of(catalog.EngineHITL, catalog.EngineVerify, catalog.EngineRevert) {
		out = append(out, &Rule{Rule: r})
	}
	return out
}
