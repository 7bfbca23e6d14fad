package github

import (
	"errors"
	"net/http"

	gh "github.com/google/go-github/v62/github"
)

// IsForbidden reports whether GitHub refused a request with 403, as it does
// when the token lacks a permission ("Resource not accessible by
// integration"), e.g. the read-only GITHUB_TOKEN of a pull request from a
// fork. Rate limits answered with 403 are retried below this and only show
// here once retries are spent.
func IsForbidden(err error) bool {
	var resp *gh.ErrorResponse
	return errors.As(err, &resp) && resp.Response != nil && resp.Response.StatusCode == http.StatusForbidden
}
