package github

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	gh "github.com/google/go-github/v62/github"
)

// Claims are atomic first-writer-wins records GitHub holds: a git ref
// that only one request can create. storygate as a GitHub App claims each
// webhook delivery by its id before acting on it, so two replicas (or a
// replay) cannot both act: GitHub, not a replica's memory, decides.
type Claims interface {
	// Claim creates ref (refs/…) at sha; claimed is false when the ref
	// exists already, made by an earlier request.
	Claim(ctx context.Context, repo Repo, ref, sha string) (claimed bool, err error)
	// Release deletes ref, so that a redelivery of a delivery whose
	// handling failed can claim it again; a ref already gone is no error.
	Release(ctx context.Context, repo Repo, ref string) error
}

var _ Claims = (*Adapter)(nil)

// Claim creates ref at sha: 201 is a claim, 422 ("Reference already
// exists") is someone else's. A create whose answer was lost is not
// resent: its own earlier attempt would answer 422, and the caller treats
// an error as "not handled", which GitHub's redelivery repairs.
func (a *Adapter) Claim(ctx context.Context, repo Repo, ref, sha string) (bool, error) {
	_, resp, err := a.gh.Git.CreateRef(ctx, repo.Owner, repo.Name, &gh.Reference{Ref: gh.String(ref), Object: &gh.GitObject{SHA: gh.String(sha)}})
	if resp != nil && resp.StatusCode == http.StatusUnprocessableEntity {
		return false, nil
	}
	if err != nil {
		return false, apiError(fmt.Sprintf("claim %s in %s", ref, repo), resp, err)
	}
	return true, nil
}

// Release deletes ref.
func (a *Adapter) Release(ctx context.Context, repo Repo, ref string) error {
	resp, err := a.gh.Git.DeleteRef(ctx, repo.Owner, repo.Name, strings.TrimPrefix(ref, "refs/"))
	if isNotFound(resp) || (resp != nil && resp.StatusCode == http.StatusUnprocessableEntity) {
		return nil
	}
	return apiErrorOrNil(fmt.Sprintf("release %s in %s", ref, repo), resp, err)
}
