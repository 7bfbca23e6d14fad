// Package github is storygate's narrow view of GitHub: the handful of REST
// operations the PR gate, slash commands, scheduled re-verification and
// `storygate protect` need, expressed in storygate's own types.
//
// Callers depend on the Client interface (or one of its smaller parts);
// NewAdapter provides the implementation over go-github, with token or
// GitHub App authentication and retries on transient failures. The fake in
// githubtest serves the same REST calls for tests and validates each request
// against GitHub's OpenAPI description.
package github
