//go:build linux

package sandbox

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

// inTree runs command in the sandbox, in a clone of a one-commit repository.
func inTree(t *testing.T, sb *Sandbox, command string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	testrepo.GitCLI(t, dir, "init", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	testrepo.GitCLI(t, dir, "add", "-A")
	testrepo.GitCLI(t, dir, "commit", "-q", "-m", "first")
	tree, err := Clone(context.Background(), Source{Top: dir, Place: ".", Commit: testrepo.GitCLI(t, dir, "rev-parse", "HEAD")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tree.Close)
	l, err := sb.Command(command, tree.Dir, []string{"PATH=/usr/bin:/bin"}, tree.Mounts())
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(l.Path, l.Args...)
	cmd.Dir, cmd.Env = tree.Dir, l.Env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func landlocked(t *testing.T, helper string) *Sandbox {
	t.Helper()
	sb := New(context.Background(), Policy{Mode: Required, Helper: helper})
	if !sb.Isolated() {
		t.Skipf("no sandbox on this machine: %s", sb.Report().Reason)
	}
	return sb
}

// TestLandlockConfinesWritesInsideTheSandbox: with the layer, a write the
// mounts allow outside the tree, /tmp and /dev (the process's own /proc
// files) is refused, while an honest suite's writes still work: files in
// the tree, a move between its directories, /tmp, /dev/null, git.
func TestLandlockConfinesWritesInsideTheSandbox(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	sb := landlocked(t, exe)
	if rep := sb.Report(); rep.LandlockABI == 0 {
		t.Skipf("no Landlock layer here: %s", rep.NoLandlock)
	}
	const attack = "echo evil > /proc/self/comm && echo WROTE"
	broken := landlocked(t, filepath.Join(t.TempDir(), "none"))
	if rep := broken.Report(); rep.LandlockABI != 0 || !strings.Contains(rep.NoLandlock, "does not start") {
		t.Errorf("a helper that cannot start must leave the layer off, saying so: %+v", rep)
	}
	if out, err := inTree(t, broken, attack); err != nil || !strings.Contains(out, "WROTE") {
		t.Skipf("without Landlock the mounts already refuse the write, so it shows nothing here: %v %s", err, out)
	}
	out, err := inTree(t, sb, attack)
	var exit *exec.ExitError
	if !errors.As(err, &exit) || strings.Contains(out, "WROTE") || !strings.Contains(out, "Permission denied") {
		t.Errorf("Landlock let the command write /proc/self/comm: %v\n%s", err, out)
	}
	honest := "mkdir -p d1 d2 && echo x > d1/f && mv d1/f d2/f && echo y > /tmp/t && mv /tmp/t d1/t && echo z > /dev/null && " +
		"git add -A && git -c user.name=u -c user.email=u@e commit -qm second && git log --oneline | wc -l"
	if out, err := inTree(t, sb, honest); err != nil || strings.TrimSpace(out) != "2" {
		t.Errorf("an honest suite failed under Landlock: %v\n%s", err, out)
	}
}

func TestLandlockNeedsStorygateAsTheHelper(t *testing.T) {
	sb := New(context.Background(), Policy{Mode: Required})
	if !sb.Isolated() {
		t.Skipf("no sandbox on this machine: %s", sb.Report().Reason)
	}
	if rep := sb.Report(); rep.LandlockABI != 0 || rep.NoLandlock == "" {
		t.Errorf("a test binary is not storygate, yet the report says %+v", rep)
	}
}

func TestHelperRefusesAMalformedLine(t *testing.T) {
	for _, args := range [][]string{nil, {"--write"}, {"--write", "/tmp"}, {"sh"}, {"--"}} {
		var stderr strings.Builder
		if code := Helper(args, &stderr); code != 126 || !strings.Contains(stderr.String(), "usage") {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}
