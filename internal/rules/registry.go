package rules

// All returns the story rule catalog in documentation order. Rules that need
// a pull request or a run are registered by the packages that decide them;
// their IDs are listed in Deferred so configuration may name them.
func All() []*Rule {
	return []*Rule{
		notText, tooLarge, outsideRepository, NotAStory,
		frontmatterMissing, frontmatterSyntax, requiredField, fieldType, requiredSection, duplicateSection, htmlBlock,
		sectionOrder, schemaVersion, reservedID, titleMismatch,
		illegalState, illegalRole, activeRoleMismatch, iterationNegative, maxIterations,
		acceptanceEmpty, verificationEmpty, duplicateID, scopeWriteEmpty, scopePath, sectionMismatch, passWhenInvalid, passWhenDraft, WorkingDir,
		entryFormat, evidenceFormat, evidenceCitation,
		logFormat, fromMismatch, toMismatch, illegalTransition, unauthorizedActor, chronology,
		gateWithoutDecision, hitlPending, acceptanceEvidence, iterationOrder, iterationLimit,
		duplicateStoryID, unknownDependency, dependencyNotDone, dependencyCycle, parentScope, dependentsMismatch,
		contractChanged, appendOnly, sectionAuthority, unlogged, outOfScope, mayNotCreate,
	}
}

// Deferred lists the catalog's rules decided outside this package (needs pr
// or run), so that documentation and configuration know them.
var Deferred = []*Rule{
	{ID: "hitl/decision-unverified", Need: NeedPR, Spec: "§4, §11", Summary: "every new Human Decision entry is backed by an authorized person's slash command on the PR and by storygate's own record of it (story, event, state, the head the commenter saw, the digest of what was approved)"},
	{ID: "hitl/decision-stale", Need: NeedPR, Spec: "§6, §11", Summary: "what a new approval (approve_plan, accept_result, mark_done, unblock_to_done) approved (contract, the plan or evaluation, for accept_result and mark_done the files of scope.write) is unchanged from the recorded head to the gated head, unless a later decision reopened the contract or sent the story back before the state the approval reached"},
	{ID: "verify/failed", Need: NeedRun, Spec: "§2", Summary: "a rerun verification command does not meet its pass_when"},
	{ID: "verify/evidence-mismatch", Need: NeedRun, Spec: "§9", Summary: "the story's recorded result disagrees with the rerun"},
	{ID: "verify/timeout", Need: NeedRun, Spec: "—", Summary: "a verification command ran past its time limit"},
	{ID: "revert/not-load-bearing", Need: NeedRun, Spec: "story-017", Summary: "governed test edits still pass the suite when reverted: escalate"},
	{ID: "revert/could-not-run", Need: NeedRun, Spec: "story-017", Summary: "the revert check could not decide; fails closed"},
}
