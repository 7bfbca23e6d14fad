package github

import (
	"fmt"
	"strings"
	"time"
)

// Repo names a repository by owner and name.
type Repo struct {
	Owner string
	Name  string
}

// ParseRepo splits "owner/name" into a Repo.
func ParseRepo(fullName string) (Repo, error) {
	owner, name, ok := strings.Cut(fullName, "/")
	if !ok || owner == "" || name == "" || strings.Contains(name, "/") {
		return Repo{}, fmt.Errorf("repository %q: want owner/name", fullName)
	}
	return Repo{Owner: owner, Name: name}, nil
}

// FullName returns "owner/name".
func (r Repo) FullName() string { return r.Owner + "/" + r.Name }

// String returns the full name.
func (r Repo) String() string { return r.FullName() }

// User is a GitHub account as far as authorization cares.
type User struct {
	Login string
	// Type is GitHub's account type: "User", "Bot" or "Organization".
	Type string
}

// IsBot reports whether GitHub marks the account as a bot. Bot accounts can
// never take human decisions.
func (u User) IsBot() bool {
	return strings.EqualFold(u.Type, "Bot") || strings.HasSuffix(u.Login, "[bot]")
}

// Comment is an issue or pull request comment.
type Comment struct {
	ID        int64
	Body      string
	Author    User
	CreatedAt time.Time
	UpdatedAt time.Time
	HTMLURL   string
	// App is the GitHub App the comment was posted through, as GitHub
	// reports it (performed_via_github_app); zero for a person's comment.
	// Only ListComments fills it in.
	App App
}

// App names a GitHub App by its numeric id and slug.
type App struct {
	ID   int64
	Slug string
}

// Edited reports whether the comment changed after it was posted. The REST
// API has no edit flag, so an update time later than the creation time is
// taken as an edit: a comment must be unedited to back a decision, and this
// errs on the side of refusing.
func (c Comment) Edited() bool { return c.UpdatedAt.After(c.CreatedAt) }

// Reaction is the content of a reaction GitHub accepts on a comment.
type Reaction string

// The reactions GitHub allows.
const (
	ReactionPlusOne  Reaction = "+1"
	ReactionMinusOne Reaction = "-1"
	ReactionLaugh    Reaction = "laugh"
	ReactionConfused Reaction = "confused"
	ReactionHeart    Reaction = "heart"
	ReactionHooray   Reaction = "hooray"
	ReactionRocket   Reaction = "rocket"
	ReactionEyes     Reaction = "eyes"
)

// PullRequest is what the gate needs to know about a pull request.
type PullRequest struct {
	Number  int
	Author  User
	State   string
	Draft   bool
	HTMLURL string
	HeadSHA string
	HeadRef string
	// HeadRepo is the full name of the repository the head branch lives in;
	// it differs from BaseRepo for pull requests from forks.
	HeadRepo string
	BaseSHA  string
	BaseRef  string
	BaseRepo string
}

// IsFork reports whether the head branch lives in another repository, in
// which case the workflow's token cannot write to it.
func (p PullRequest) IsFork() bool {
	return !strings.EqualFold(p.HeadRepo, p.BaseRepo)
}

// File is a file's content at a branch with the blob SHA that identifies
// that version; the SHA is what an update must name to avoid clobbering a
// concurrent push.
type File struct {
	Path    string
	Ref     string
	Content []byte
	SHA     string
}

// FileUpdate creates or replaces a file on a branch in one commit.
type FileUpdate struct {
	Path    string
	Branch  string
	Content []byte
	Message string
	// SHA is the blob SHA the change is based on; empty creates a new file.
	SHA string
	// Committer is optional; GitHub uses the authenticated account when nil.
	Committer *Signature
}

// Signature names the author or committer of a commit.
type Signature struct {
	Name  string
	Email string
}

// FileCommit is the result of a FileUpdate.
type FileCommit struct {
	// BlobSHA is the new version of the file, for a following update.
	BlobSHA   string
	CommitSHA string
}

// Issue is a repository issue (drift issues of the scheduled run).
type Issue struct {
	Number  int
	Title   string
	Body    string
	State   string
	Labels  []string
	HTMLURL string
}

// IssueRequest creates an issue.
type IssueRequest struct {
	Title  string
	Body   string
	Labels []string
	// Marker, when set, is a hidden marker in Body that identifies the
	// issue: a create whose answer was lost is sent again only when no
	// open issue carries it. Without one, such a create is not retried.
	Marker string
}

// IssueUpdate changes an issue; nil fields are left as they are.
type IssueUpdate struct {
	Title *string
	Body  *string
	// State is "open" or "closed".
	State *string
}
