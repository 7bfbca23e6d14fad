//go:build linux

package sandbox

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/needsandbox"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestACommandSeesItsCloneAtTheCheckoutsPath: the clone is mounted where
// the checkout is, so that a build cache keyed by directory answers as in
// the checkout; git works there (the borrowed objects through the
// alternates the sandbox names), the governed path stays read-only, and
// what the command writes lands in the clone, never in the checkout. The
// control is a checkout whose path cannot take the mount (inside the
// sandbox's own home): the clone is seen at its own path, and works too.
func TestACommandSeesItsCloneAtTheCheckoutsPath(t *testing.T) {
	sb := New(context.Background(), Policy{Mode: Required})
	if !sb.Isolated() {
		needsandbox.Missing(t, sb.Report().Reason)
	}
	checkout, head := oneCommit(t, map[string]string{"a.txt": "a\n", "tests/t.sh": "exit 0\n"})
	const command = `pwd; git log -1 --format=%H; git cat-file -p HEAD:a.txt; echo new > new.txt; ` +
		`{ echo edit >> tests/t.sh; } 2>/dev/null || echo governed-read-only; git status --porcelain`
	for _, tc := range []struct {
		name, top string
		stable    bool
	}{
		{"at the checkout's path", checkout, true},
		{"control: a path the sandbox keeps", sandboxHome, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := Clone(context.Background(), Source{Top: checkout, Place: ".", Commit: head})
			if err != nil {
				t.Fatal(err)
			}
			defer tree.Close()
			if tree.view, err = newTreeView(tree, tc.top); err != nil {
				t.Fatal(err)
			}
			m := tree.Mounts()
			m.ReadOnlyInside = []string{filepath.Join(tree.Dir, "tests", "t.sh")}
			out, err := runLaunch(t, sb, command, tree.Work, []string{"PATH=/usr/bin:/bin"}, m)
			if err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			seen := tree.Dir
			if tc.stable {
				seen = checkout
			}
			want := seen + "\n" + head + "\na\ngoverned-read-only\n?? new.txt\n"
			if string(out) != want {
				t.Fatalf("output\n%s\nwant\n%s", out, want)
			}
			if _, err := os.Stat(filepath.Join(tree.Dir, "new.txt")); err != nil {
				t.Fatalf("the write did not land in the clone: %v", err)
			}
			if _, err := os.Stat(filepath.Join(checkout, "new.txt")); !os.IsNotExist(err) {
				t.Fatalf("the write reached the checkout: %v", err)
			}
			if data, _ := os.ReadFile(filepath.Join(tree.Dir, ".git", "objects", "info", "alternates")); !strings.Contains(string(data), checkout) {
				t.Fatalf("the clone's own alternates changed on the host: %q", data)
			}
		})
	}
}

func TestStableInside(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		p    string
		want bool
	}{
		{"/home/runner/work/repo/repo", true},
		{"/tmp/TestX/001/app", true},
		{"/opt/actions-runner/_work/r/r", true},
		{"/", false}, {"/tmp", false}, {"/usr/src/app", false}, {"relative", false},
		{sandboxHome, false}, {sandboxHome + "/x", false}, {cacheDir + "/go-build", false},
		{"/proc/self", false}, {"/.storygate", false},
	} {
		if got := stableInside(c.p); got != c.want {
			t.Errorf("stableInside(%q) = %v, want %v", c.p, got, c.want)
		}
	}
}

// TestAModuleCacheInsideTheCheckoutIsSeen: a module cache kept in the
// workspace (GOMODCACHE under the checkout, as an actions/cache step of a
// workspace path leaves it) is mounted at its own path, which lies where
// the clone is seen: it lands over the clone's mount, so the command
// reads it there; the clone itself is as git made it. The control is the
// clone's own file beside it.
func TestAModuleCacheInsideTheCheckoutIsSeen(t *testing.T) {
	sb := New(context.Background(), Policy{Mode: Required, Caches: true})
	if !sb.Isolated() {
		needsandbox.Missing(t, sb.Report().Reason)
	}
	checkout := filepath.Join(t.TempDir(), "checkout")
	modcache := filepath.Join(checkout, ".modcache")
	if err := os.MkdirAll(modcache, 0o755); err != nil {
		t.Fatal(err)
	}
	testrepo.GitCLI(t, checkout, "init", "-q", "-b", "main")
	files := map[string]string{"go.mod": "module example.com/x\n", ".gitignore": ".modcache/\n", ".modcache/marker": "from the runner's cache\n"}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(checkout, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	testrepo.GitCLI(t, checkout, "add", "-A")
	testrepo.GitCLI(t, checkout, "commit", "-q", "-m", "first")
	tree, err := Clone(context.Background(), Source{Top: checkout, Place: ".", Commit: testrepo.GitCLI(t, checkout, "rev-parse", "HEAD")})
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	env := []string{"PATH=/usr/bin:/bin", "GOMODCACHE=" + modcache}
	out, err := runLaunch(t, sb, `echo "$GOMODCACHE"; cat "$GOMODCACHE/marker"; head -1 go.mod`, tree.Work, env, tree.Mounts())
	if want := modcache + "\nfrom the runner's cache\nmodule example.com/x\n"; err != nil || string(out) != want {
		t.Fatalf("%v: output\n%s\nwant\n%s", err, out, want)
	}
}

// runLaunch runs command in the sandbox in dir with env and m, as verify
// starts one (the launch's environment, Apply, Done), and returns its
// combined output.
func runLaunch(t *testing.T, sb *Sandbox, command, dir string, env []string, m Mounts) (string, error) {
	t.Helper()
	l, err := sb.Command(command, dir, env, m)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Done()
	cmd := exec.Command(l.Path, l.Args...)
	cmd.Env = l.Env
	l.Apply(cmd)
	out, err := cmd.CombinedOutput()
	return string(out), err
}
