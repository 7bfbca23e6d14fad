package testrepo

import (
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// GitCLI runs the git command in dir with a fixed identity and no user
// configuration, failing the test on error, and returns its trimmed output.
// Most tests build repositories with New; this is for the ones that compare
// with the git CLI or build what only the CLI builds (worktrees, fast-import).
func GitCLI(tb testing.TB, dir string, args ...string) string {
	tb.Helper()
	return GitCLIInput(tb, dir, nil, args...)
}

// GitCLIInput is GitCLI with stdin fed from in (nil for none).
func GitCLIInput(tb testing.TB, dir string, in io.Reader, args ...string) string {
	tb.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Stdin = in
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		tb.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}
