package github

import "context"

// Client is everything storygate asks of GitHub. Code that needs only part
// of it should accept the smaller interface it uses.
type Client interface {
	Checks
	Comments
	Access
	Contents
	Issues
	Protection
}

// Checks publishes check runs.
type Checks interface {
	// CreateCheckRun creates run on run.HeadSHA and returns its ID. Annotations
	// beyond the first 50 follow in successive updates; summary and text are
	// trimmed to GitHub's limit.
	CreateCheckRun(ctx context.Context, repo Repo, run CheckRun) (int64, error)
	// UpdateCheckRun updates the run with ID run.ID the same way.
	UpdateCheckRun(ctx context.Context, repo Repo, run CheckRun) error
}

// StickyResult says what PostHeadReport did with the sticky comment.
type StickyResult string

// The outcomes of PostHeadReport.
const (
	StickyCreated   StickyResult = "created"
	StickyUpdated   StickyResult = "updated"
	StickyUnchanged StickyResult = "unchanged"
)

// Comments reads and writes pull request comments.
type Comments interface {
	// CreateComment posts a new comment, e.g. a reply to a slash command.
	CreateComment(ctx context.Context, repo Repo, number int, body string) (Comment, error)
	// GetComment fetches an issue or pull request comment by ID.
	GetComment(ctx context.Context, repo Repo, commentID int64) (Comment, error)
	// AddReaction reacts to a comment.
	AddReaction(ctx context.Context, repo Repo, commentID int64, reaction Reaction) error
}

// Access answers who may decide and what a pull request is.
type Access interface {
	// Permission returns user's role on repo; a non-collaborator has
	// PermissionNone.
	Permission(ctx context.Context, repo Repo, user string) (Permission, error)
	// IsTeamMember reports whether user is an active member of org/teamSlug.
	IsTeamMember(ctx context.Context, org, teamSlug, user string) (bool, error)
	// PullRequest fetches a pull request.
	PullRequest(ctx context.Context, repo Repo, number int) (PullRequest, error)
}

// Contents reads and writes files on branches.
type Contents interface {
	// GetFile reads path at ref (a branch, tag or SHA); ErrNotFound if absent.
	GetFile(ctx context.Context, repo Repo, path, ref string) (File, error)
	// PutFile commits a file on a branch based on the blob SHA it names; a
	// concurrent change yields ErrConflict, never an overwrite.
	PutFile(ctx context.Context, repo Repo, update FileUpdate) (FileCommit, error)
}

// Issues manages the issues storygate owns, found by a marker in their body.
type Issues interface {
	// FindIssues lists issues (open and closed, not pull requests) whose
	// body contains marker, oldest first.
	FindIssues(ctx context.Context, repo Repo, marker string) ([]Issue, error)
	// CreateIssue opens an issue.
	CreateIssue(ctx context.Context, repo Repo, req IssueRequest) (Issue, error)
	// UpdateIssue edits an issue; set State to reopen it.
	UpdateIssue(ctx context.Context, repo Repo, number int, update IssueUpdate) (Issue, error)
	// CloseIssue closes an issue.
	CloseIssue(ctx context.Context, repo Repo, number int) error
}

// Protection reads and changes a branch's required status checks.
type Protection interface {
	// BranchProtection returns the branch's required status checks; an
	// unprotected branch gives Protected false and no error.
	BranchProtection(ctx context.Context, repo Repo, branch string) (BranchProtection, error)
	// PlanRequiredChecks works out the request that makes want the branch's
	// required status checks while keeping its other protection settings.
	// It writes nothing: print the plan for a dry run, apply it otherwise.
	PlanRequiredChecks(ctx context.Context, repo Repo, branch string, want RequiredChecks) (ProtectionPlan, error)
	// ApplyProtectionPlan sends a plan made by PlanRequiredChecks.
	ApplyProtectionPlan(ctx context.Context, plan ProtectionPlan) error
}
