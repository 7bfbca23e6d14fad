package catalog

import "github.com/storygate/storygate/internal/diag"

// workflowRules are the checks of the workflows storygate ships (package
// workflows, run by its tests on every shipped workflow; docs/action.md).
func workflowRules() []Rule {
	rules := []Rule{
		{ID: "workflow/persist-credentials", Summary: "every checkout sets `persist-credentials: false`, so the token is not kept in `.git/config`"},
		{ID: "workflow/permissions", Summary: "the workflow sets top-level `permissions`, and grants no write there"},
		{ID: "workflow/permission-why", Summary: "a job's `write` grant has a comment saying why"},
		{ID: "workflow/pr-code-with-write", Summary: "a job that can write runs no code from the pull request (`uses: ./`, a checkout of its head, the default checkout of a `pull_request` or `merge_group` run, a script that checks the head out); a job whose steps are only checkouts and actions that read files (`upload-sarif`, `download-artifact`), with no script, runs nothing it checked out"},
		{ID: "workflow/repo-code-with-write", Summary: "a job that can write runs no code of the repository (a storygate step that runs verification, a script that runs files of the checkout or a build or test tool)"},
		{ID: "workflow/token-on-command-line", Summary: "no `run:` step puts a credential on a command line (`git -c http.extraheader=…`, an `Authorization:` header argument, a token in a URL): git gets it in `GIT_CONFIG_*` variables"},
		{ID: "workflow/upload-may-be-empty", Summary: "every `actions/upload-artifact` step sets `if-no-files-found: error`, so a run that wrote no document fails instead of passing in silence"},
	}
	return ofEngine(EngineWorkflow, diag.SeverityError, rules)
}
