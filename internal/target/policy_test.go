package target

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/testrepo"
)

// policyAt is the policy a run at base judges by (Open's base-policy
// rule), as a slash command's run on a pull request opens it.
func policyAt(root, explicit, base string) (*config.Config, error) {
	t, err := Open(Options{Root: root, ConfigFile: explicit, Base: base})
	if err != nil {
		return nil, err
	}
	return t.Policy(), nil
}

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

// TestPolicyAtIgnoresASymlinkOutOfTheCheckout: the change commits a
// symlink (here left in the work tree, as a checkout of it would) for the
// directory the workflow's policy file is in, pointing at
// a directory outside holding a relaxed policy. The path as the workflow
// wrote it is in the checkout, so the base's file still decides; without
// the symlink the same path reads the base's file as well (the control).
func TestPolicyAtIgnoresASymlinkOutOfTheCheckout(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{"ci/policy.yml": "approvers:\n  permission: admin\n"})
	base := repo.Commit("base")
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "policy.yml"), []byte("approvers:\n  permission: read\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	explicit := filepath.Join(repo.Root, "ci", "policy.yml")
	if cfg, err := policyAt(repo.Root, explicit, base); err != nil || cfg.Approvers.Permission != "admin" {
		t.Fatalf("control: %v, %+v", err, cfg)
	}
	if err := os.RemoveAll(filepath.Join(repo.Root, "ci")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(repo.Root, "ci")); err != nil {
		t.Fatal(err)
	}
	cfg, err := policyAt(repo.Root, explicit, base)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Approvers.Permission != "admin" {
		t.Errorf("the symlink made the relaxed file the policy: permission %s", cfg.Approvers.Permission)
	}
}
