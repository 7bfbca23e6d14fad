//go:build linux

package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// nonRootTests are the tests TestTheSandboxWorksForANonRootStorygate runs
// again as another user: the /etc copy, Landlock and the network.
var nonRootTests = []string{"TestATreesCommandSeesTheHostsEtc", "TestACommandCannotChangeTheNextOnesEtc",
	"TestLandlockConfinesWritesInsideTheSandbox", "TestASuiteServesAndConnectsOnItsOwnLoopbackUnderLandlock",
	"TestACommandReachesNoHostServiceWithoutTheFullNetwork"}

// TestTheSandboxWorksForANonRootStorygate: GitHub's hosted runners run
// storygate as a user (uid 1001), where bwrap makes a user namespace and
// the tree's /etc copy, the clone and the helper are that user's. Run as
// root, this test runs nonRootTests again as uid 65534, from a copy of
// this test binary: each must pass, none skip.
func TestTheSandboxWorksForANonRootStorygate(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("not root: the other tests already run as this user")
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("setpriv (util-linux) is not installed")
	}
	user := []string{setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--"}
	probe := exec.Command(user[0], append(user[1:], "bwrap", "--unshare-all", "--unshare-user", "--ro-bind", "/", "/", "true")...)
	if out, err := probe.CombinedOutput(); err != nil {
		t.Skipf("this machine gives no user namespace to a non-root bwrap: %v %s", err, out)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "storygate-nonroot-test-") // t.TempDir's parent is closed to other users
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { RemoveTree(dir) })
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "sandbox.test")
	data, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	run := exec.Command(user[0], append(user[1:], bin, "-test.v", "-test.run", "^("+strings.Join(nonRootTests, "|")+")$")...)
	run.Dir = dir
	run.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + dir, "TMPDIR=" + dir, "STORYGATE_REQUIRE_SANDBOX=1"}
	out, err := run.CombinedOutput()
	if err != nil {
		t.Fatalf("as uid 65534: %v\n%s", err, out)
	}
	for _, name := range nonRootTests {
		if !strings.Contains(string(out), "--- PASS: "+name+" ") {
			t.Errorf("as uid 65534, %s did not pass:\n%s", name, out)
		}
	}
}
