package github

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	gh "github.com/google/go-github/v62/github"
)

// ErrNoArtifact reports that a workflow run has no (unexpired) artifact of
// the name asked for.
var ErrNoArtifact = errors.New("github: no such artifact")

// Artifacts reads workflow runs' artifacts.
type Artifacts interface {
	// RunArtifact returns the zip archive of the artifact called name of
	// workflow run runID, at most limit bytes; ErrNoArtifact when the run
	// has none.
	RunArtifact(ctx context.Context, repo Repo, runID int64, name string, limit int64) ([]byte, error)
}

var _ Artifacts = (*Adapter)(nil)

// RunArtifact implements Artifacts: the run's artifacts listed by name,
// the download's redirect taken, and the archive fetched from storage
// without the API's credentials (the URL is signed; a token sent there
// would leave GitHub's API).
func (a *Adapter) RunArtifact(ctx context.Context, repo Repo, runID int64, name string, limit int64) ([]byte, error) {
	what := fmt.Sprintf("artifact %s of run %d in %s", name, runID, repo)
	list, resp, err := a.gh.Actions.ListWorkflowRunArtifacts(ctx, repo.Owner, repo.Name, runID, &gh.ListOptions{PerPage: pageSize})
	if err != nil {
		return nil, apiError(what, resp, err)
	}
	var found *gh.Artifact
	for _, art := range list.Artifacts {
		if art.GetName() == name && !art.GetExpired() {
			found = art
		}
	}
	if found == nil {
		return nil, fmt.Errorf("%s: %w", what, ErrNoArtifact)
	}
	if found.GetSizeInBytes() > limit {
		return nil, fmt.Errorf("%s: %d bytes, over the %d this reads", what, found.GetSizeInBytes(), limit)
	}
	u, resp, err := a.gh.Actions.DownloadArtifact(ctx, repo.Owner, repo.Name, found.GetID(), 0)
	if err != nil {
		return nil, apiError(what, resp, err)
	}
	return a.fromStorage(ctx, what, u.String(), limit)
}

func (a *Adapter) fromStorage(ctx context.Context, what, url string, limit int64) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	resp, err := a.storage.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s: download: %w", what, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: download: %s", what, resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: download: %w", what, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: over the %d bytes this reads", what, limit)
	}
	return data, nil
}
