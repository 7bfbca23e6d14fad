// Package appdocs holds no code: its tests keep docs/app true (issue 26).
// The App manifest (docs/app/manifest.json) must grant exactly the
// permissions the GitHub adapter's endpoints need when storygate runs as
// the App, each endpoint cross-checked against GitHub's OpenAPI
// description, and subscribe to exactly the events the App's handlers
// take; the Kubernetes example (docs/app/kubernetes.yaml) must name only
// `storygate serve`'s flags, environment variables and endpoints.
package appdocs
