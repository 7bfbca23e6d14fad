package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

// configRepo commits the authority/append-only fixture's base, then its
// head (an edited plan) together with a configuration that turns the rule
// off. baseConfig, when set, is committed with the base.
func configRepo(t *testing.T, baseConfig string) (*testrepo.Repo, string) {
	t.Helper()
	fixture := filepath.Join("..", "rules", "testdata", "authority", "append-only", "bad")
	repo := testrepo.New(t)
	repo.CopyTree(filepath.Join(fixture, "base"))
	if baseConfig != "" {
		repo.Write(map[string]string{".github/storygate.yml": baseConfig})
	}
	base := repo.Commit("base")
	repo.CopyTree(filepath.Join(fixture, "head"))
	repo.Write(map[string]string{".github/storygate.yml": "rules:\n  authority/append-only: \"off\"\n"})
	repo.Commit("head: edit history and turn the rule off")
	return repo, base
}

// severities runs validate --format json and maps each rule reported to
// its severity.
func severities(t *testing.T, args ...string) (map[string]string, int, string) {
	t.Helper()
	code, out, errOut := run(t, append([]string{"validate", "--format", "json"}, args...)...)
	var doc struct {
		Diagnostics []struct{ Rule, Severity string } `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("exit %d, not JSON: %v\n%s%s", code, err, out, errOut)
	}
	got := map[string]string{}
	for _, d := range doc.Diagnostics {
		got[d.Rule] = d.Severity
	}
	return got, code, errOut
}

func TestValidateWithBaseUsesTheBaseConfiguration(t *testing.T) {
	repo, base := configRepo(t, "")
	got, code, errOut := severities(t, "--root", repo.Root, "--base", base)
	if got["authority/append-only"] != "error" || code != ExitFindings {
		t.Errorf("the head's configuration turned a rule off for the change that violates it: exit %d, %v", code, got)
	}
	if !strings.Contains(errOut, "differs from the base revision's") {
		t.Errorf("no note that the head's configuration is not in effect: %q", errOut)
	}
	// Without --base there is nothing to compare with: the work tree's file applies.
	if got, _, _ := severities(t, "--root", repo.Root); got["authority/append-only"] != "" {
		t.Errorf("without --base: %v", got)
	}
}

// TestValidateExplicitConfigInsideTheCheckoutIsReadAtTheBase: naming the
// policy file explicitly does not hand the change the power to relax it;
// a file outside the checkout, which the change cannot write, is read as
// given.
func TestValidateExplicitConfigInsideTheCheckoutIsReadAtTheBase(t *testing.T) {
	repo, base := configRepo(t, "rules:\n  authority/append-only: warning\n")
	inside := filepath.Join(repo.Root, ".github", "storygate.yml")
	got, _, errOut := severities(t, "--root", repo.Root, "--base", base, "--config", inside)
	if got["authority/append-only"] != "warning" || !strings.Contains(errOut, "differs from the base revision's") {
		t.Errorf("an explicit file in the checkout was read from the change: %v, stderr %q", got, errOut)
	}
	outside := filepath.Join(t.TempDir(), "policy.yml")
	if err := os.WriteFile(outside, []byte("rules:\n  authority/append-only: \"off\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, _, errOut = severities(t, "--root", repo.Root, "--base", base, "--config", outside)
	if _, reported := got["authority/append-only"]; reported || strings.Contains(errOut, "differs") {
		t.Errorf("a file outside the checkout is the workflow's: %v, stderr %q", got, errOut)
	}
}

// TestValidateExplicitConfigMissingAtTheBaseIsAUsageError: a policy file
// the change adds is not a policy yet.
func TestValidateExplicitConfigMissingAtTheBaseIsAUsageError(t *testing.T) {
	repo, base := configRepo(t, "")
	code, _, errOut := run(t, "validate", "--root", repo.Root, "--base", base, "--config", filepath.Join(repo.Root, ".github", "storygate.yml"))
	if code != ExitUsage || !strings.Contains(errOut, "not in the base revision") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

func TestValidateBaseConfigurationAppliesWhenTheHeadDropsIt(t *testing.T) {
	repo, base := configRepo(t, "rules:\n  authority/append-only: warning\n")
	if err := os.Remove(filepath.Join(repo.Root, ".github", "storygate.yml")); err != nil {
		t.Fatal(err)
	}
	repo.Commit("drop the configuration")
	got, _, _ := severities(t, "--root", repo.Root, "--base", base)
	if got["authority/append-only"] != "warning" {
		t.Errorf("the base's severity override should apply: %v", got)
	}
}

func TestValidateBrokenBaseConfigurationIsAUsageError(t *testing.T) {
	repo, base := configRepo(t, "no_such_key: 1\n")
	code, _, errOut := run(t, "validate", "--root", repo.Root, "--base", base)
	if code != ExitUsage || !strings.Contains(errOut, "at base") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// TestRevertCheckWithBaseUsesTheBaseConfiguration: a change cannot narrow
// the governed prefixes to slip a created test past the revert check.
func TestRevertCheckWithBaseUsesTheBaseConfiguration(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{".github/storygate.yml": "revert:\n  governed: [tests/]\n", "tests/a.txt": "a\n"})
	base := repo.Commit("base")
	repo.Write(map[string]string{".github/storygate.yml": "revert:\n  governed: [nothing/]\n", "tests/new.txt": "new\n"})
	repo.Commit("head")
	code, out, errOut := run(t, "revert-check", "--root", repo.Root, "--base", base, "--suite", "true",
		"--out", filepath.Join(t.TempDir(), "r.json"))
	if code != ExitFindings || !strings.Contains(out, "revert/may-not-create") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}
