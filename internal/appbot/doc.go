// Package appbot is what storygate does, as a GitHub App, with a verified
// webhook delivery (serve.Handler): an issue_comment becomes a recorded
// decision, a re-requested check a dispatched gate, a workflow_run the
// publication of the gate job's results, all through the delivery's
// installation. PR code runs only in the repository's gate job; nothing
// here runs it.
//
// The handlers are the GitHub Action's (internal/bot, internal/chatops,
// internal/publish), run against a fresh clone of the repository for each
// delivery instead of a workflow's checkout. Every delivery that acts is
// first claimed on GitHub (claim.go): the App keeps no state of its own,
// so any number of replicas serve one App.
package appbot
