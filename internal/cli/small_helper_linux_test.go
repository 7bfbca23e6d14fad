//go:build linux

package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	llsys "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"github.com/storygate/storygate/internal/testrepo"
)

// releasedPair builds storygate and its small sandbox helper as the
// release archive holds them (static, -trimpath, side by side) from a
// clean clone of this checkout's HEAD, so both carry its clean revision.
func releasedPair(t *testing.T) (dir string) {
	t.Helper()
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skipf("not in a git checkout: %v", err)
	}
	testrepo.SkipWithoutCC(t)
	src := filepath.Join(t.TempDir(), "src")
	if out, err := exec.Command("git", "clone", "-q", "--shared", strings.TrimSpace(string(top)), src).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	// The package's own build first: this one then finds storygate's
	// packages compiled and only links (testrepo.ReleaseBuild).
	buildStorygate(t)
	dir = t.TempDir()
	for name, pkg := range map[string]string{"storygate": "./cmd/storygate", "storygate-sandbox-exec": testrepo.HelperPackage} {
		build := testrepo.ReleaseBuild(src, filepath.Join(dir, name), pkg)
		build.Env = append(build.Env, "GOFLAGS=-mod=readonly")
		if out, err := testrepo.GoBuild(build); err != nil {
			t.Fatalf("go build %s: %v\n%s", pkg, err, out)
		}
	}
	return dir
}

// TestTheReleasedBinaryUsesItsSmallHelper: storygate as released, with the
// small helper beside it, starts that helper in the sandbox rather than
// its own 39 MB binary (the command sees the helper's mount is small);
// the control is the same storygate alone, which uses itself. A verify
// item reads the mount's size.
func TestTheReleasedBinaryUsesItsSmallHelper(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Skip("bubblewrap is not installed")
	}
	// Without Landlock no helper is mounted, either way.
	if abi, err := llsys.LandlockGetABIVersion(); err != nil || abi < 1 {
		t.Skipf("the kernel has no Landlock: %v", err)
	}
	bin := releasedPair(t)
	const probe = `stat -c %s /.storygate/sandbox-exec`
	repo := vRepo(t, map[string]string{"stories/STORY-001.md": verifyStory("STORY-001", "evaluating",
		[][2]string{{"V1", probe + ` > "$TMPDIR/size" 2>&1 || true; test -s "$TMPDIR/size" && test $(cat "$TMPDIR/size") -lt 20000000`}}, nil)})
	run := func() (string, error) {
		cmd := exec.Command(filepath.Join(bin, "storygate"), "verify", "--root", repo, "--format", "json")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := run()
	if err != nil || !strings.Contains(out, `"verdict": "pass"`) {
		t.Fatalf("with the small helper beside it: %v\n%s", err, out)
	}
	if err := os.Remove(filepath.Join(bin, "storygate-sandbox-exec")); err != nil {
		t.Fatal(err)
	}
	out, err = run()
	if err == nil || strings.Contains(out, `"verdict": "pass"`) {
		t.Errorf("storygate alone passed the small-helper probe, so the probe shows nothing: %v\n%s", err, out)
	}
}
