// Package layering holds no code: its test keeps storygate's imports
// pointing down (issue 22, "Imports that point down only"). The comment
// printers must not link the chat commands' git and sandbox machinery,
// the lint rules must not link the executor, the sandbox must not read
// the configuration, and the diagnostics every package shares must depend
// on none of them. The test reads `go list`, so a new import that breaks
// a rule fails it, naming the chain of imports that does.
package layering
