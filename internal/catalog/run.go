package catalog

import "github.com/storygate/storygate/internal/diag"

// pullRequestRules are the story-catalog rules decided with the pull
// request's data (package hitl, run by the gate).
func pullRequestRules() []Rule {
	return []Rule{
		{ID: "hitl/decision-unverified", Engine: EngineHITL, Need: NeedPR, Spec: "§4, §11", Severity: diag.SeverityError,
			Summary: "every new Human Decision entry is backed by an authorized person's slash command on the PR and by storygate's own record of it (story, event, state, the head the commenter saw, the digest of what was approved)"},
		{ID: "hitl/decision-stale", Engine: EngineHITL, Need: NeedPR, Spec: "§6, §11", Severity: diag.SeverityError,
			Summary: "what a new approval (approve_plan, accept_result, mark_done, unblock_to_done) approved (contract, the plan or evaluation, for accept_result and mark_done the files of scope.write) is unchanged from the recorded head to the gated head, unless a later decision reopened the contract or sent the story back before the state the approval reached"},
		{ID: "hitl/decision-local", Engine: EngineHITL, Need: NeedBase, Spec: "§4, §11", Severity: diag.SeverityNotice,
			Summary: "a new Human Decision entry recorded locally (`storygate transition --actor human`) is accepted by a local gate run, naming the slash command that records it on the pull request (where it is hitl/decision-unverified until then)"},
	}
}

// runRules are the story-catalog rules decided by running commands: the
// verification rerun (package verify) and the revert check (package
// revert).
func runRules() []Rule {
	return []Rule{
		{ID: "verify/failed", Engine: EngineVerify, Need: NeedRun, Spec: "§2", Severity: diag.SeverityError,
			Summary: "a rerun verification command does not meet its pass_when"},
		{ID: "verify/evidence-mismatch", Engine: EngineVerify, Need: NeedRun, Spec: "§9", Severity: diag.SeverityError,
			Summary: "the story's recorded result (Evidence / Tool Findings) disagrees with the rerun"},
		{ID: "verify/timeout", Engine: EngineVerify, Need: NeedRun, Spec: "—", Severity: diag.SeverityError,
			Summary: "a verification command ran past its time limit"},
		{ID: "verify/accepted-work-broken", Engine: EngineVerify, Need: NeedRun, Spec: "§2", Severity: diag.SeverityError,
			Summary: "a story the change did not touch, whose scope.write covers a path the change changes, no longer passes its verification: the change breaks accepted work"},
		{ID: "revert/not-load-bearing", Engine: EngineRevert, Need: NeedRun, Spec: "story-017", Severity: diag.SeverityError,
			Summary: "governed test edits still pass the suite when reverted: escalate"},
		{ID: "revert/could-not-run", Engine: EngineRevert, Need: NeedRun, Spec: "story-017", Severity: diag.SeverityError,
			Summary: "the revert check could not decide (no base version, suite would not start); fails closed"},
		{ID: "revert/undecided", Engine: EngineRevert, Need: NeedRun, Spec: "story-017", Severity: diag.SeverityError,
			Summary: "the run budget (revert.max_runs) ran out before a governed file or hunk was reverted on its own: escalate (fails closed)"},
		{ID: "revert/ruled", Engine: EngineRevert, Need: NeedPR, Spec: "story-017", Severity: diag.SeverityNotice,
			Summary: "an edit the revert check escalated or could not decide is permitted by an authorized human's ruling (`/allow-test-edit`), recorded by storygate and bound to exactly those edits; names who ruled"},
		{ID: "revert/no-suite", Engine: EngineRevert, Need: NeedRun, Spec: "story-017", Severity: diag.SeverityNotice,
			Summary: "governed test files were edited but no revert.suite is configured: the revert check is neutral, naming the fix, until a suite is set"},
	}
}
