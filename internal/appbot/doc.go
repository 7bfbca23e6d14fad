// Package appbot is what storygate does, as a GitHub App, with a verified
// webhook delivery (serve.Handler): an issue_comment becomes a recorded
// decision, a pull_request or re-requested check a dispatched gate, a
// workflow_run the publication of the gate job's results, all through the
// delivery's installation. PR code runs only in the repository's gate job;
// nothing here runs it.
package appbot

import "github.com/storygate/storygate/internal/serve"

// handlerType keeps the package's contract with the server in one place
// until the handlers land: appbot's Handler is a serve.Handler.
var _ = (*serve.Handler)(nil)
