package cli

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github/githubtest"
)

// requiredSources maps each required check's context to its app_id as the
// fake holds it (nil: any source).
func requiredSources(t *testing.T, fake *githubtest.Server) map[string]any {
	t.Helper()
	got, _ := fake.Protection("o/r", "main")
	rsc, _ := got["required_status_checks"].(map[string]any)
	out := map[string]any{}
	for _, c := range rsc["checks"].([]any) {
		m := c.(map[string]any)
		out[m["context"].(string)] = m["app_id"]
	}
	return out
}

// TestProtectAppIDPinsEveryGateCheck: the branch already requires the
// gate's checks, one from any source and one pinned to GitHub Actions (as
// an earlier protect without --app-id leaves them). --app-id pins every
// one of them to the App, each root's, and leaves another check alone;
// its output says only the App satisfies them. The attack it closes is a
// check run of the same name from a workflow's GITHUB_TOKEN: still
// accepted by a check protect left unpinned.
func TestProtectAppIDPinsEveryGateCheck(t *testing.T) {
	fake := githubtest.New(t)
	fake.SetProtection("o/r", "main", map[string]any{
		"required_status_checks": map[string]any{"strict": false, "contexts": []any{"ci/build", "storygate / stories", "storygate / verify"},
			"checks": []any{map[string]any{"context": "ci/build", "app_id": nil}, map[string]any{"context": "storygate / stories", "app_id": nil},
				map[string]any{"context": "storygate / verify", "app_id": 15368}}},
	})
	for _, root := range []string{".", "pkg-a"} {
		code, out, errOut := protectCLI(t, fake, "--branch", "main", "--root", root, "--app-id", "42")
		if code != ExitOK {
			t.Fatalf("--root %s: exit %d: %s", root, code, errOut)
		}
		if !strings.Contains(out, "pinned to GitHub App 42") || strings.Contains(out, "Actions-only") {
			t.Errorf("--root %s: the output does not say the checks are the App's alone:\n%s", root, out)
		}
	}
	got := requiredSources(t, fake)
	for _, name := range []string{"storygate / stories", "storygate / verify", "storygate / revert-check",
		"storygate / stories (pkg-a)", "storygate / verify (pkg-a)", "storygate / revert-check (pkg-a)"} {
		if app, ok := got[name]; !ok || app != float64(42) {
			t.Errorf("%s: required %v from app %v, want pinned to 42", name, ok, app)
		}
	}
	if app, ok := got["ci/build"]; !ok || app != nil {
		t.Errorf("ci/build: required %v from app %v, want kept as it was", ok, app)
	}
	if code, out, _ := protectCLI(t, fake, "--branch", "main", "--app-id", "42"); code != ExitOK || !strings.Contains(out, "nothing to do") {
		t.Errorf("a second run: exit %d\n%s\nwant nothing to do", code, out)
	}
}

// TestProtectSaysTheActionsOnlyResidual: without --app-id, or pinned to
// GitHub Actions, protect's output says plainly that any workflow with
// checks: write can satisfy the required checks, and names the fix: the
// App, docs/app.md, the environment-protected key and --app-id. A dry
// run and a branch already protected say it too.
func TestProtectSaysTheActionsOnlyResidual(t *testing.T) {
	for _, tc := range []struct {
		args []string
		// again runs protect twice: the second finds nothing to do.
		again bool
	}{
		{args: []string{"--branch", "main"}},
		{args: []string{"--branch", "main"}, again: true},
		{args: []string{"--branch", "main", "--dry-run"}},
		{args: []string{"--branch", "main", "--app-id", "15368"}},
	} {
		args := tc.args
		fake := githubtest.New(t)
		if tc.again {
			protectCLI(t, fake, args...)
		}
		code, out, errOut := protectCLI(t, fake, args...)
		if code != ExitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		for _, want := range []string{"Actions-only mode", `Any workflow in o/r with "checks: write" can satisfy the required checks`,
			"docs/app.md", "environment that only\n  the default branch may deploy to", "--app-id <the App's id>"} {
			if !strings.Contains(out, want) {
				t.Errorf("%v: the output lacks %q:\n%s", args, want, out)
			}
		}
	}
}
