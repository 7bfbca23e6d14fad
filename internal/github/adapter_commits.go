package github

import (
	"context"
	"fmt"

	gh "github.com/google/go-github/v62/github"
)

// Commit is a commit as GitHub's API reports it: what storygate checks of a
// commit it made but never saw the answer for (chatops), read from GitHub,
// not from a checkout that may not hold it.
type Commit struct {
	SHA     string
	Parents []string
	Message string
	// Files are the changes against the first parent; Complete is false
	// when GitHub paged them, so the list is not all of them.
	Files    []CommitFile
	Complete bool
}

// CommitFile is one file a commit changes.
type CommitFile struct {
	Path string
	// Status is GitHub's: added, modified, removed, renamed, ….
	Status string
	// BlobSHA is the file's blob after the commit.
	BlobSHA string
}

// Commits reads commits.
type Commits interface {
	// Commit fetches the commit ref names (a SHA or a branch's head).
	Commit(ctx context.Context, repo Repo, ref string) (Commit, error)
	// CommitsChanging lists up to n commits of branch that change path,
	// newest first, without their files (read one with Commit for them).
	CommitsChanging(ctx context.Context, repo Repo, branch, path string, n int) ([]Commit, error)
}

// Commit implements Commits.
func (a *Adapter) Commit(ctx context.Context, repo Repo, ref string) (Commit, error) {
	c, resp, err := a.gh.Repositories.GetCommit(ctx, repo.Owner, repo.Name, ref, nil)
	if err != nil {
		return Commit{}, apiError(fmt.Sprintf("read commit %s of %s", ref, repo), resp, err)
	}
	out := commitOf(c)
	out.Complete = resp.NextPage == 0
	return out, nil
}

// CommitsChanging implements Commits.
func (a *Adapter) CommitsChanging(ctx context.Context, repo Repo, branch, path string, n int) ([]Commit, error) {
	opts := &gh.CommitsListOptions{SHA: branch, Path: path, ListOptions: gh.ListOptions{PerPage: n}}
	list, resp, err := a.gh.Repositories.ListCommits(ctx, repo.Owner, repo.Name, opts)
	if err != nil {
		return nil, apiError(fmt.Sprintf("list the commits changing %s on %s of %s", path, branch, repo), resp, err)
	}
	var out []Commit
	for _, c := range list {
		out = append(out, commitOf(c))
	}
	return out, nil
}

func commitOf(c *gh.RepositoryCommit) Commit {
	out := Commit{SHA: c.GetSHA(), Message: c.GetCommit().GetMessage()}
	for _, p := range c.Parents {
		out.Parents = append(out.Parents, p.GetSHA())
	}
	for _, f := range c.Files {
		out.Files = append(out.Files, CommitFile{Path: f.GetFilename(), Status: f.GetStatus(), BlobSHA: f.GetSHA()})
	}
	return out
}
