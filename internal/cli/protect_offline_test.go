package cli

import (
	"bytes"
	"net"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github/githubtest"
)

// closedLoopbackURL is an API root on a loopback port nothing listens on:
// a request to it is refused at once, with no internet involved.
func closedLoopbackURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return "http://" + addr + "/"
}

// TestProtectDryRunPrintsTheRequestOffline: with no token, or with an API
// that cannot be reached, a dry run prints the whole request it would send
// for an unprotected branch, says on stderr that the current protection
// could not be read, and exits 0 (at once: the read is not retried);
// without --dry-run no token is still a usage error.
func TestProtectDryRunPrintsTheRequestOffline(t *testing.T) {
	unreachable := closedLoopbackURL(t)
	for _, tc := range []struct {
		name, token string
		args        []string
		code        int
		out, errOut []string
	}{
		{name: "no token", args: []string{"--dry-run"}, code: ExitOK,
			out:    []string{"PUT /repos/o/r/branches/main/protection", `"context": "storygate / stories"`, `"context": "storygate / revert-check"`, "dry run: nothing was changed"},
			errOut: []string{"could not be read (GITHUB_TOKEN is not set)"}},
		{name: "unreachable", token: "t", args: []string{"--dry-run", "--app-id", "42", "--root", "pkg-a"}, code: ExitOK,
			out:    []string{"PUT /repos/o/r/branches/main/protection", `"context": "storygate / verify (pkg-a)"`, `"app_id": 42`, "dry run: nothing was changed"},
			errOut: []string{"current protection of main on o/r could not be read", "127.0.0.1"}},
		{name: "no token, not a dry run", code: ExitUsage, errOut: []string{"GITHUB_TOKEN is not set"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GITHUB_API_URL", unreachable)
			t.Setenv("GITHUB_TOKEN", tc.token)
			t.Setenv("GITHUB_REPOSITORY", "o/r")
			var out, errOut bytes.Buffer
			code := Main(append([]string{"storygate", "protect", "--branch", "main"}, tc.args...), strings.NewReader(""), &out, &errOut)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out.String(), errOut.String())
			}
			for _, want := range tc.out {
				if !strings.Contains(out.String(), want) {
					t.Errorf("stdout lacks %q:\n%s", want, out.String())
				}
			}
			for _, want := range tc.errOut {
				if !strings.Contains(errOut.String(), want) {
					t.Errorf("stderr lacks %q:\n%s", want, errOut.String())
				}
			}
			if tc.code != ExitOK && strings.Contains(out.String(), "PUT /") {
				t.Errorf("a failed run printed a request:\n%s", out.String())
			}
		})
	}
}

// TestProtectDryRunReadsTheProtectionWhenReachable is the control: with
// GitHub reachable the dry run reads the branch and keeps its settings
// (a PATCH of the checks alone here), with no word of an unread protection.
func TestProtectDryRunReadsTheProtectionWhenReachable(t *testing.T) {
	fake := githubtest.New(t)
	fake.SetProtection("o/r", "main", map[string]any{
		"required_status_checks": map[string]any{"strict": true, "contexts": []any{"ci/build"}, "checks": []any{map[string]any{"context": "ci/build", "app_id": nil}}},
	})
	code, out, errOut := protectCLI(t, fake, "--branch", "main", "--dry-run")
	if code != ExitOK || !strings.Contains(out, "PATCH /repos/o/r/branches/main/protection/required_status_checks") || !strings.Contains(out, `"context": "ci/build"`) {
		t.Errorf("exit %d, stdout:\n%s\nwant the PATCH keeping ci/build", code, out)
	}
	if strings.Contains(errOut, "could not be read") {
		t.Errorf("a reachable GitHub was reported unread: %s", errOut)
	}
}
