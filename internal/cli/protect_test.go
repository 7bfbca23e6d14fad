package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github/githubtest"
)

func protectCLI(t *testing.T, fake *githubtest.Server, args ...string) (int, string, string) {
	t.Helper()
	t.Setenv("GITHUB_API_URL", fake.URL)
	t.Setenv("GITHUB_TOKEN", fake.Token)
	t.Setenv("GITHUB_REPOSITORY", "o/r")
	var out, errOut bytes.Buffer
	code := Main(append([]string{"storygate", "protect"}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestProtectDryRunPrintsTheRequestAndChangesNothing(t *testing.T) {
	fake := githubtest.New(t)
	code, out, errOut := protectCLI(t, fake, "--branch", "main", "--dry-run")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"PUT /repos/o/r/branches/main/protection", `"context": "storygate / revert-check"`, "dry run: nothing was changed"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if _, ok := fake.Protection("o/r", "main"); ok {
		t.Error("a dry run protected the branch")
	}
}

func TestProtectAddsTheGateChecksAndKeepsOtherSettings(t *testing.T) {
	fake := githubtest.New(t)
	fake.SetProtection("o/r", "main", map[string]any{
		"enforce_admins":         map[string]any{"enabled": true},
		"required_status_checks": map[string]any{"strict": true, "contexts": []any{"ci/build"}, "checks": []any{map[string]any{"context": "ci/build", "app_id": nil}}},
	})
	if code, _, errOut := protectCLI(t, fake, "--branch", "main", "--app-id", "42"); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got, _ := fake.Protection("o/r", "main")
	rsc, _ := got["required_status_checks"].(map[string]any)
	var contexts []string
	for _, c := range rsc["checks"].([]any) {
		contexts = append(contexts, c.(map[string]any)["context"].(string))
	}
	if strings.Join(contexts, ",") != "ci/build,storygate / stories,storygate / verify,storygate / revert-check" || rsc["strict"] != true {
		t.Errorf("required checks %v (strict %v), want ci/build kept and the three gate checks added", contexts, rsc["strict"])
	}
	if ea, _ := got["enforce_admins"].(map[string]any); ea["enabled"] != true {
		t.Errorf("enforce_admins %v, want kept", got["enforce_admins"])
	}
	code, out, _ := protectCLI(t, fake, "--branch", "main", "--app-id", "42")
	if code != ExitOK || !strings.Contains(out, "nothing to do") {
		t.Errorf("second run exit %d:\n%s\nwant nothing to do", code, out)
	}
}

func TestProtectNeedsABranch(t *testing.T) {
	fake := githubtest.New(t)
	if code, _, errOut := protectCLI(t, fake); code != ExitUsage || !strings.Contains(errOut, "--branch is required") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// TestProtectRequiresAPackageRootsChecks: --root names a package's check
// runs, added next to the top's ones already required; the top's names
// are unchanged (--root . is the top), and a root that is not a path in
// the repository is refused.
func TestProtectRequiresAPackageRootsChecks(t *testing.T) {
	fake := githubtest.New(t)
	for _, root := range []string{".", "pkg-a/", "./pkg-a"} {
		if code, _, errOut := protectCLI(t, fake, "--branch", "main", "--root", root); code != ExitOK {
			t.Fatalf("--root %s: exit %d: %s", root, code, errOut)
		}
	}
	got, _ := fake.Protection("o/r", "main")
	rsc, _ := got["required_status_checks"].(map[string]any)
	var contexts []string
	for _, c := range rsc["checks"].([]any) {
		contexts = append(contexts, c.(map[string]any)["context"].(string))
	}
	want := "storygate / stories,storygate / verify,storygate / revert-check,storygate / stories (pkg-a),storygate / verify (pkg-a),storygate / revert-check (pkg-a)"
	if strings.Join(contexts, ",") != want {
		t.Errorf("required checks %v, want %s", contexts, want)
	}
	for _, bad := range []string{"../pkg-a", "/abs", `pkg\a`, ".."} {
		if code, _, errOut := protectCLI(t, fake, "--branch", "main", "--root", bad); code != ExitUsage || !strings.Contains(errOut, "relative to the repository's top") {
			t.Errorf("--root %s: exit %d, stderr %q; want a usage error", bad, code, errOut)
		}
	}
}
