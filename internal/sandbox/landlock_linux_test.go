//go:build linux

package sandbox

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/needsandbox"
	"github.com/storygate/storygate/internal/testrepo"
)

// oneCommit makes a repository of one commit holding files (slash paths
// to contents) and returns its top and the commit.
func oneCommit(t *testing.T, files map[string]string) (top, head string) {
	t.Helper()
	r := testrepo.New(t)
	r.Write(files)
	return r.Root, r.Commit("first")
}

// oneCommitTree is a clone of a one-commit repository, closed when the
// test ends.
func oneCommitTree(t *testing.T) *Tree {
	t.Helper()
	dir, head := oneCommit(t, map[string]string{"a.txt": "a\n"})
	tree, err := Clone(context.Background(), Source{Top: dir, Place: ".", Commit: head})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tree.Close)
	return tree
}

// inTree runs command in the sandbox, in a clone of a one-commit repository.
func inTree(t *testing.T, sb *Sandbox, command string) (string, error) {
	t.Helper()
	tree := oneCommitTree(t)
	l, err := sb.Command(command, tree.Dir, []string{"PATH=/usr/bin:/bin"}, tree.Mounts())
	if err != nil {
		t.Fatal(err)
	}
	defer l.Done()
	cmd := exec.Command(l.Path, l.Args...)
	cmd.Dir, cmd.Env = tree.Dir, l.Env
	l.Apply(cmd)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func landlocked(t *testing.T, helper string) *Sandbox {
	t.Helper()
	sb := New(context.Background(), Policy{Mode: Required, Helper: helper})
	if !sb.Isolated() {
		needsandbox.Missing(t, sb.Report().Reason)
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
		needsandbox.Missing(t, sb.Report().Reason)
	}
	if rep := sb.Report(); rep.LandlockABI != 0 || rep.NoLandlock == "" {
		t.Errorf("a test binary is not storygate, yet the report says %+v", rep)
	}
}

// TestTheHelperGivesWhatSetprivAndPrlimitGave: the helper, which now does
// setpriv's and prlimit's work itself, leaves the command exactly the
// credentials and limits the setpriv and prlimit chain leaves it (the
// control): as root uid and gid 65534 in every slot and no group; no
// capability in any set, no new privileges, and each limit, soft and hard.
func TestTheHelperGivesWhatSetprivAndPrlimitGave(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	policy := Policy{Mode: Required, MemoryBytes: 3 << 30, Processes: 777, FileBytes: 5 << 20}
	chain := New(context.Background(), policy)
	policy.Helper = exe
	helper := New(context.Background(), policy)
	if !chain.Isolated() || !helper.Isolated() {
		needsandbox.Missing(t, chain.Report().Reason)
	}
	if helper.Report().LandlockABI == 0 {
		t.Skipf("no Landlock helper here: %s", helper.Report().NoLandlock)
	}
	const command = "cat /proc/self/status /proc/self/limits"
	want := map[string]string{"CapInh": "0000000000000000", "CapPrm": "0000000000000000", "CapEff": "0000000000000000",
		"CapBnd": "0000000000000000", "CapAmb": "0000000000000000", "NoNewPrivs": "1",
		"Max core file size": "0 0 bytes", "Max address space": "3221225472 3221225472 bytes",
		"Max processes": "777 777 processes", "Max file size": "5242880 5242880 bytes"}
	if os.Geteuid() == 0 {
		want["Uid"], want["Gid"], want["Groups"] = "65534 65534 65534 65534", "65534 65534 65534 65534", ""
	}
	for name, sb := range map[string]*Sandbox{"setpriv and prlimit": chain, "the helper": helper} {
		out, err := inTree(t, sb, command)
		if err != nil {
			t.Fatalf("%s: %v: %s", name, err, out)
		}
		got := credentials(out)
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %s is %q, want %q", name, k, got[k], v)
			}
		}
	}
	l, err := helper.Command("true", "/", nil, Mounts{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Done()
	if slices.Contains(l.Args, helper.limit) || helper.setpriv != "" && slices.Contains(l.Args, helper.setpriv) {
		t.Errorf("the helper's chain still runs setpriv or prlimit: %q", l.Args)
	}
}

// credentials reads /proc/self/status fields and /proc/self/limits rows.
func credentials(out string) map[string]string {
	got := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && !strings.HasPrefix(line, "Max ") {
			got[k] = strings.Join(strings.Fields(v), " ")
			continue
		}
		if strings.HasPrefix(line, "Max ") {
			f := strings.Fields(line)
			if len(f) >= 3 {
				n := len(f)
				got[strings.Join(f[:n-3], " ")] = strings.Join(f[n-3:], " ")
			}
		}
	}
	return got
}
