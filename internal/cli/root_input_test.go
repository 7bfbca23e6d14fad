package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRootInputIsReadByBothHalves: the action's root input reaches the
// gate and publish alike, so a workflow sets the package once per half.
// Each half refuses a root named through a symlink inside the checkout
// (exit 2, nothing asked of GitHub); the control runs the gate with the
// input naming the repository's top and publish with it refusing the
// document for a different reason than the root.
func TestRootInputIsReadByBothHalves(t *testing.T) {
	repo, base, results, fake := actionRepo(t)
	t.Setenv("INPUT_ROOT", repo.Root)
	if code, out, errOut := run(t, "action", "--event-name", "local", "--base", base); code != ExitFindings {
		t.Fatalf("the gate at the top: exit %d\n%s%s", code, out, errOut)
	}
	if err := os.Symlink("stories", filepath.Join(repo.Root, "alias")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("INPUT_ROOT", filepath.Join(repo.Root, "alias"))
	for _, command := range []string{"action", "publish"} {
		args := []string{command}
		if command == "action" {
			args = append(args, "--event-name", "local", "--base", base)
		}
		if code, out, errOut := run(t, args...); code != ExitUsage || !strings.Contains(out+errOut, "symlink") {
			t.Errorf("%s with the root input through a link: exit %d\n%s%s", command, code, out, errOut)
		}
	}
	t.Setenv("INPUT_ROOT", repo.Root)
	if code, out, errOut := run(t, "publish"); code != ExitUsage || strings.Contains(out+errOut, "symlink") || !strings.Contains(errOut, "no commit to attach check runs to") {
		t.Errorf("publish with the root input at the top: exit %d\n%s%s", code, out, errOut)
	}
	if len(fake.Calls()) != 0 {
		t.Errorf("refused runs called GitHub: %v", fake.Calls())
	}
	if _, err := os.Stat(results); err != nil {
		t.Errorf("the gate wrote no document: %v", err)
	}
}
