// Package sandboxexec is the program between bwrap and a pull request's
// command (Run): it gives the command its user, its limits and the
// Landlock layer, then executes it. It runs once per sandboxed command,
// so it is kept apart from package sandbox and imports as little as it
// can: what a package links and initializes is start-up time paid by
// every command (bench/README.md, "The sandbox's cost per command").
//
// The release's storygate-sandbox-exec does the same in C, before the Go
// runtime starts (cmd/storygate-sandbox-exec/early_linux.c): a change to
// Run, its helper line or its Landlock layer is a change to that file
// too, which TestTheCHelperGivesWhatTheGoHelperGives and
// FuzzTheCAndGoHelpersReadALineAlike hold to.
package sandboxexec

// Command is the hidden subcommand, of storygate and of the small
// storygate-sandbox-exec, that runs Run: Landlock can only restrict the
// calling process, so it has to be storygate's own code that runs between
// bwrap and the shell.
const Command = "__sandbox-exec"
