package catalog

import "github.com/storygate/storygate/internal/diag"

// storySetRules are the story rules decided on every story together, and
// with a base on what the change did (package rules). revert/may-not-create
// is also reported by the revert check, for the files it was asked about.
func storySetRules() []Rule {
	return []Rule{
		{ID: "delegation/duplicate-id", Engine: EngineStory, Need: NeedSet, Spec: "§1, §13", Severity: diag.SeverityError,
			Summary: "no two story files declare the same `id` (each story has exactly one authoritative state); every file after the first, by path, is reported"},
		{ID: "delegation/unknown-dependency", Engine: EngineStory, Need: NeedSet, Spec: "§10.1", Severity: diag.SeverityError,
			Summary: "every `depends_on` / `parent` / `dependent_stories` ID names an existing story"},
		{ID: "delegation/dependency-not-done", Engine: EngineStory, Need: NeedSet, Spec: "§2, §10.1", Severity: diag.SeverityError,
			Summary: "a story past `seeded` (and so at `ready` or later) has every `depends_on` story at `done`"},
		{ID: "delegation/cycle", Engine: EngineStory, Need: NeedSet, Spec: "§10.1", Severity: diag.SeverityError,
			Summary: "`depends_on` has no cycle (where more than 32 stories depend on each other in a ring, a cycle longer than 8 steps is named by its first and last four and counted)"},
		{ID: "delegation/parent-scope", Engine: EngineStory, Need: NeedSet, Spec: "§10.1", Severity: diag.SeverityError,
			Summary: "a child's `scope.write` does not overlap its parent's `scope.write` (globs compared soundly: two entries are disjoint only when no path can match both)"},
		{ID: "delegation/dependents-mismatch", Engine: EngineStory, Need: NeedSet, Spec: "§2", Severity: diag.SeverityWarning,
			Summary: "`dependent_stories` mirrors the `depends_on` of other stories"},
		{ID: "freeze/contract-changed", Engine: EngineStory, Need: NeedBase, Spec: "§6", Severity: diag.SeverityError,
			Summary: "at `ready` or later, Goal, Non-Goals, Constraints, `acceptance_criteria`, `verification`, `scope` and `max_iterations` (read as contract: raising it voids the iteration limit) are unchanged unless a human reopen is recorded, logged, and `current_contract_version` goes up by one"},
		{ID: "authority/append-only", Engine: EngineStory, Need: NeedBase, Spec: "§1, §10", Severity: diag.SeverityError,
			Summary: "existing entries of role-output sections, Human Decisions, Evidence and Transition Log rows are not edited or removed, nor deleted with their story file (a story moved to a new path keeps its id and is compared with its old version)"},
		{ID: "authority/section", Engine: EngineStory, Need: NeedBase, Spec: "§4", Severity: diag.SeverityError,
			Summary: "a change appends to a role's section only when that role held the turn during the change (per `active_role` at base and the new log rows)"},
		{ID: "transition/unlogged", Engine: EngineStory, Need: NeedBase, Spec: "§10", Severity: diag.SeverityError,
			Summary: "a change of `state` or `active_role` between base and head is covered by new log rows (which `active_role` values a state allows: state/active-role-mismatch)"},
		{ID: "scope/out-of-scope", Engine: EngineStory, Need: NeedBase, Spec: "§4", Severity: diag.SeverityError,
			Summary: "files changed between base and head (other than story files) lie in the grant of a story `generating` in the change: its `scope.write` minus `scope.exclude`, read from both its base and head versions when its contract was frozen at base (docs/stories.md); checked when a story is generating in the change or the change touches a story file, this root's or another root's anywhere in the repository, except storygate's own files in an adoption change (docs/first-story.md)"},
		{ID: "revert/may-not-create", Engine: EngineStory, Need: NeedBase, Spec: "story-017", Severity: diag.SeverityError,
			Summary: "a file was created under a governed prefix that the change's grants (as for `scope/out-of-scope`) do not cover"},
		{ID: "structure/not-checked", Engine: EngineStory, Need: NeedSet, Spec: "§2", Severity: diag.SeverityNotice,
			Summary: "a story whose frontmatter does not parse is reported once (its parse rule); this notice on it names what the set rules left undecided because of it — references that may name it (`delegation/unknown-dependency`) and, when the change touched it, the changed files its `scope.write` may claim (`scope/out-of-scope`, `revert/may-not-create`) and role entries differing from the base only in ticked boxes, which a human's closure may tick (`authority/append-only`) — where they would otherwise report false findings"},
	}
}
