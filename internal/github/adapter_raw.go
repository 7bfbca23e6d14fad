package github

import (
	"context"
	"net/http"

	gh "github.com/google/go-github/v62/github"
)

// getJSON GETs a path under the API root that go-github has no method (or
// no complete type) for and decodes the answer into v, with the same
// transport, authentication and retries as every other call.
func (a *Adapter) getJSON(ctx context.Context, path string, v any) (*gh.Response, error) {
	req, err := a.gh.NewRequest(http.MethodGet, path, nil)
	if err != nil {
		return nil, err
	}
	resp, err := a.gh.Do(ctx, req, v)
	if err != nil {
		return resp, apiError("GET "+path, resp, err)
	}
	return resp, nil
}
