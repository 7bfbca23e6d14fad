package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

// TestPolicyAtReadsTheBase: the policy for a slash command is the base
// commit's, for the default path and for an explicit file inside the
// checkout alike; an explicit file outside the checkout is read as given.
func TestPolicyAtReadsTheBase(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{".github/storygate.yml": "approvers:\n  permission: maintain\n", "ci/policy.yml": "approvers:\n  permission: admin\n"})
	base := repo.Commit("base")
	repo.Write(map[string]string{".github/storygate.yml": "approvers:\n  permission: read\n", "ci/policy.yml": "approvers:\n  permission: read\n"})
	repo.Commit("head relaxes both")
	outside := filepath.Join(t.TempDir(), "policy.yml")
	if err := os.WriteFile(outside, []byte("approvers:\n  permission: triage\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for explicit, want := range map[string]string{"": "maintain", filepath.Join(repo.Root, "ci", "policy.yml"): "admin", outside: "triage"} {
		cfg, err := policyAt(repo.Root, explicit, base)
		if err != nil {
			t.Fatalf("%q: %v", explicit, err)
		}
		if cfg.Approvers.Permission != want {
			t.Errorf("%q: permission %s, want %s", explicit, cfg.Approvers.Permission, want)
		}
	}
	if _, err := policyAt(repo.Root, filepath.Join(repo.Root, "ci", "new.yml"), base); err == nil {
		t.Error("an explicit file missing at base was read from the PR")
	}
}
