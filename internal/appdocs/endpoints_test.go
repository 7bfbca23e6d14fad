package appdocs

// access is a GitHub App permission's level.
type access string

const (
	read  access = "read"
	write access = "write"
)

// endpoint is one REST operation the adapter (internal/github) calls.
type endpoint struct {
	// call is how the adapter's source names it: a go-github service
	// method ("Checks.CreateCheckRun") or the path literal it formats for
	// a raw request ("repos/%s/%s/activity"), query left off.
	call string
	// method and path are the operation in GitHub's OpenAPI description.
	method, path string
	// permission and level are what a GitHub App installation token needs
	// for the operation (GitHub's "permissions required for GitHub Apps").
	permission string
	level      access
	// app says whether storygate calls it as the App (`storygate serve`);
	// false for what only the CLI or a workflow calls with its own token.
	app bool
}

// adapterEndpoints is every endpoint internal/github calls, and the
// permission each needs. TestEveryAdapterCallIsListed keeps it complete
// against the adapter's source; TestEndpointsAreGitHubsOperations checks
// each against the OpenAPI description.
var adapterEndpoints = []endpoint{
	// Check runs: the gate's results, the App's own.
	{"Checks.CreateCheckRun", "POST", "/repos/{owner}/{repo}/check-runs", "checks", write, true},
	{"Checks.UpdateCheckRun", "PATCH", "/repos/{owner}/{repo}/check-runs/{check_run_id}", "checks", write, true},
	{"Checks.GetCheckRun", "GET", "/repos/{owner}/{repo}/check-runs/{check_run_id}", "checks", read, true},
	{"Checks.ListCheckRunsForRef", "GET", "/repos/{owner}/{repo}/commits/{ref}/check-runs", "checks", read, true},
	// Contents: decision commits (the records), the policy at the base, commits.
	{"Repositories.GetContents", "GET", "/repos/{owner}/{repo}/contents/{path}", "contents", read, true},
	{"Repositories.UpdateFile", "PUT", "/repos/{owner}/{repo}/contents/{path}", "contents", write, true},
	{"Repositories.GetCommit", "GET", "/repos/{owner}/{repo}/commits/{ref}", "contents", read, true},
	{"Repositories.ListCommits", "GET", "/repos/{owner}/{repo}/commits", "contents", read, true},
	// Comments on the pull request: the sticky report, replies, receipts, reactions.
	{"Issues.CreateComment", "POST", "/repos/{owner}/{repo}/issues/{issue_number}/comments", "issues", write, true},
	{"Issues.EditComment", "PATCH", "/repos/{owner}/{repo}/issues/comments/{comment_id}", "issues", write, true},
	{"Issues.DeleteComment", "DELETE", "/repos/{owner}/{repo}/issues/comments/{comment_id}", "issues", write, true},
	{"Issues.GetComment", "GET", "/repos/{owner}/{repo}/issues/comments/{comment_id}", "issues", read, true},
	{"repos/%s/%s/issues/%d/comments", "GET", "/repos/{owner}/{repo}/issues/{issue_number}/comments", "issues", read, true},
	{"Reactions.CreateIssueCommentReaction", "POST", "/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions", "issues", write, true},
	// Drift issues: the re-verification, which stays a workflow (it runs
	// the verification commands; the server never runs code).
	{"repos/%s/%s/issues", "GET", "/repos/{owner}/{repo}/issues", "issues", read, false},
	{"Issues.Create", "POST", "/repos/{owner}/{repo}/issues", "issues", write, false},
	{"Issues.Edit", "PATCH", "/repos/{owner}/{repo}/issues/{issue_number}", "issues", write, false},
	// The pull request and who may decide.
	{"PullRequests.Get", "GET", "/repos/{owner}/{repo}/pulls/{pull_number}", "pull_requests", read, true},
	{"repos/%s/%s/collaborators/%s/permission", "GET", "/repos/{owner}/{repo}/collaborators/{username}/permission", "metadata", read, true},
	{"Teams.GetTeamMembershipBySlug", "GET", "/orgs/{org}/teams/{team_slug}/memberships/{username}", "members", read, true},
	{"repos/%s/%s/activity", "GET", "/repos/{owner}/{repo}/activity", "metadata", read, true},
	// Actions: start the gate on a decision's commit, read the run publish judges.
	{"Actions.CreateWorkflowDispatchEventByFileName", "POST", "/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches", "actions", write, true},
	{"repos/%s/%s/actions/workflows/%s/runs", "GET", "/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs", "actions", read, true},
	{"repos/%s/%s/actions/runs/%d", "GET", "/repos/{owner}/{repo}/actions/runs/{run_id}", "actions", read, true},
	{"Actions.ListWorkflowRunArtifacts", "GET", "/repos/{owner}/{repo}/actions/runs/{run_id}/artifacts", "actions", read, true},
	{"Actions.DownloadArtifact", "GET", "/repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}", "actions", read, true},
	// Delivery claims: one git ref per delivery id, which only one request
	// can create (internal/appbot: replays and replicas act once).
	{"Git.CreateRef", "POST", "/repos/{owner}/{repo}/git/refs", "contents", write, true},
	{"Git.DeleteRef", "DELETE", "/repos/{owner}/{repo}/git/refs/{ref}", "contents", write, true},
	// Branch protection: `storygate protect`, run by a maintainer with an
	// administrator's token, never by the App.
	{"Repositories.GetBranchProtection", "GET", "/repos/{owner}/{repo}/branches/{branch}/protection", "administration", read, false},
	{"repos/%s/%s/branches/%s/protection", "PUT", "/repos/{owner}/{repo}/branches/{branch}/protection", "administration", write, false},
	{"repos/%s/%s/branches/%s/protection", "PATCH", "/repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks", "administration", write, false},
	// Who a token posts as: an App knows itself by its id and never asks.
	{"Users.Get", "GET", "/user", "", read, false},
}

// categoryPermission is the App permission each OpenAPI category (or
// category/subcategory) of the operations above falls under, as GitHub's
// permission tables group them: a second, independent reading of the
// table's permissions.
var categoryPermission = map[string]string{
	"checks":                     "checks",
	"repos/contents":             "contents",
	"commits":                    "contents",
	"git":                        "contents", // git database: refs (the delivery claims)
	"issues":                     "issues",
	"reactions":                  "issues", // reactions to issue comments
	"pulls":                      "pull_requests",
	"collaborators":              "metadata",
	"repos/repos":                "metadata",
	"teams":                      "members",
	"actions":                    "actions",
	"branches/branch-protection": "administration",
	"users":                      "",
}

// eventPermission is the permission a GitHub App needs to subscribe to
// each webhook event `storygate serve` handles (internal/appbot).
var eventPermission = map[string]string{
	"issue_comment": "issues",
	"pull_request":  "pull_requests",
	"check_suite":   "checks",
	"check_run":     "checks",
	"workflow_run":  "actions",
	"merge_group":   "merge_queues",
}

// appbotEvents are the events the App's handlers take (issue 26: the
// slash commands, the gate's triggers, re-requested checks, publication
// of the gate job's results, the merge queue; internal/appbot's routes,
// which answer pull_request and merge_group as ignored: the gate job
// judges them, and the App publishes its workflow_run).
var appbotEvents = []string{"issue_comment", "pull_request", "check_suite", "check_run", "workflow_run", "merge_group"}
