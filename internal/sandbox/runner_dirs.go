package sandbox

// runnerDirs are the places the job's runner keeps what a command from the
// change must not read, found from the runner's variables: the checkout
// (its .git/config holds the persisted token), RUNNER_TEMP (the job's
// scripts and the GITHUB_ENV and GITHUB_OUTPUT files), the work directory
// above them, the runner's own directory (.credentials, .runner, _diag),
// the home directory (.netrc, .git-credentials) and every other user's.
// Nothing that is, contains or lies inside one of them is mounted, except
// a toolchain in the setup actions' tool cache, which may lie inside the
// work directory but contains none of them.
type runnerDirs struct {
	forbidden []string
	toolCache string
}
