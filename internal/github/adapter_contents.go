package github

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	gh "github.com/google/go-github/v62/github"
)

// GetFile implements Contents.
func (a *Adapter) GetFile(ctx context.Context, repo Repo, path, ref string) (File, error) {
	what := fmt.Sprintf("read %s at %s in %s", path, ref, repo)
	file, dir, resp, err := a.gh.Repositories.GetContents(ctx, repo.Owner, repo.Name, path, &gh.RepositoryContentGetOptions{Ref: ref})
	if err != nil {
		return File{}, apiError(what, resp, err)
	}
	if file == nil {
		return File{}, fmt.Errorf("%s: a directory of %d entries, not a file", what, len(dir))
	}
	content, err := file.GetContent()
	if err != nil {
		// Files over 1 MB come without content; story files never are.
		return File{}, fmt.Errorf("%s: %w", what, err)
	}
	return File{Path: file.GetPath(), Ref: ref, Content: []byte(content), SHA: file.GetSHA()}, nil
}

// ErrAnswerLost reports that a contents write got no answer that says
// what became of it (a 5xx, a reset, a timed-out attempt, on every
// attempt the transport made): GitHub may have applied it. The caller
// reads the file again to tell, as after a conflict.
var ErrAnswerLost = errors.New("github: the write's answer was lost")

// PutFile implements Contents. GitHub answers 409 when the blob SHA is not
// the branch's current one and 422 when a create finds the file already
// there; both mean someone else pushed (or, after a lost answer, that the
// write landed), and surface as ErrConflict. A write whose every answer
// was lost surfaces as ErrAnswerLost.
func (a *Adapter) PutFile(ctx context.Context, repo Repo, u FileUpdate) (FileCommit, error) {
	opts := &gh.RepositoryContentFileOptions{
		Message: gh.String(u.Message),
		Content: u.Content,
		SHA:     optional(u.SHA),
		Branch:  gh.String(u.Branch),
	}
	if u.Committer != nil {
		opts.Committer = &gh.CommitAuthor{Name: gh.String(u.Committer.Name), Email: gh.String(u.Committer.Email)}
	}
	res, resp, err := a.gh.Repositories.UpdateFile(ctx, repo.Owner, repo.Name, u.Path, opts)
	if err != nil {
		return FileCommit{}, putFileError(ctx, fmt.Sprintf("write %s on %s of %s", u.Path, u.Branch, repo), resp, err)
	}
	return FileCommit{BlobSHA: res.GetContent().GetSHA(), CommitSHA: res.GetSHA()}, nil
}

func putFileError(ctx context.Context, what string, resp *gh.Response, err error) error {
	switch {
	case resp != nil && (resp.StatusCode == http.StatusConflict || isShaMismatch(resp, err)):
		return fmt.Errorf("%s: %w: %w", what, ErrConflict, err)
	case answerLost(ctx, err):
		return fmt.Errorf("%s: %w: %w", what, ErrAnswerLost, err)
	}
	return apiError(what, resp, err)
}

// isShaMismatch recognises the 422 GitHub gives for a missing or stale sha.
func isShaMismatch(resp *gh.Response, err error) bool {
	var er *gh.ErrorResponse
	if resp.StatusCode != http.StatusUnprocessableEntity || !errors.As(err, &er) {
		return false
	}
	return strings.Contains(strings.ToLower(er.Message), "sha")
}
