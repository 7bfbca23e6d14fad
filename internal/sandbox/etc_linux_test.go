//go:build linux

package sandbox

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/storygate/storygate/internal/needsandbox"
	"github.com/storygate/storygate/internal/rundir"
)

// fakeEtc builds an /etc of every kind of entry the stage tells apart,
// under allowlisted names, and returns it.
func fakeEtc(t *testing.T) string {
	t.Helper()
	etc := filepath.Join(t.TempDir(), "etc")
	elsewhere := filepath.Join(filepath.Dir(etc), "elsewhere")
	files := []struct {
		path, content string
		mode          os.FileMode
	}{
		{"passwd", "root:x:0:0::/root:/bin/sh\n", 0o644},
		{"gai.conf", "secret\n", 0o600},                  // not everyone's: mounted
		{"protocols", "setuid\n", 0o755 | os.ModeSetuid}, // set-user-ID: mounted
		{"perl/Config.pm", "1;\n", 0o644},
		{"perl/sub/deep.pm", "2;\n", 0o444},
		{"fonts/fonts.conf", "<fontconfig/>\n", 0o644},
		{"fonts/private.conf", "secret\n", 0o640}, // a directory holding one: mounted whole
		{"ssl/openssl.cnf", "x\n", 0o644},
		{"ld.so.conf.d/x.conf", "/usr/lib/x\n", 0o644},
	}
	for _, f := range files {
		p := filepath.Join(etc, f.path)
		mustMkdir(t, filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(f.content), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, f.mode); err != nil {
			t.Fatal(err)
		}
	}
	mustMkdir(t, filepath.Join(etc, "ssl", "private"), 0o700) // mounted whole
	mustMkdir(t, elsewhere, 0o755)
	if err := os.WriteFile(filepath.Join(elsewhere, "hosts"), []byte("127.0.0.1 localhost\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		"hosts":          filepath.Join(elsewhere, "hosts"), // followed: a copy of the target
		"hostname":       filepath.Join(elsewhere, "none"),  // dangling: nothing
		"perl/link.pm":   "Config.pm",                       // inside a copied directory: a link again
		"ld.so.conf.d/y": "/usr/lib/y.conf",
	} {
		if err := os.Symlink(target, filepath.Join(etc, link)); err != nil {
			t.Fatal(err)
		}
	}
	if err := unix.Mkfifo(filepath.Join(etc, "services"), 0o644); err != nil { // no file: mounted, not opened
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(etc, "mime.types"), make([]byte, copiedEtcFile+1), 0o644); err != nil {
		t.Fatal(err)
	}
	mustMkdir(t, filepath.Join(etc, "alternatives"), 0o755)
	for i := 0; i <= stagedEntries; i++ { // one too many to copy
		if err := os.Symlink("/usr/bin/x", filepath.Join(etc, "alternatives", fmt.Sprint(i))); err != nil {
			t.Fatal(err)
		}
	}
	return etc
}

func mustMkdir(t *testing.T, dir string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, mode); err != nil {
		t.Fatal(err)
	}
}

// TestTheStageCopiesWhatEveryoneReadsAndMountsTheRest: a small file (a
// link's target, for a link) and a small directory everyone reads are
// copied, links inside as links, with their modes; what not everyone
// reads, a set-user-ID file, a FIFO, a file over copiedEtcFile, a
// directory holding one of those or too many entries are mounted over an
// empty place; a dangling link shows nothing.
func TestTheStageCopiesWhatEveryoneReadsAndMountsTheRest(t *testing.T) {
	t.Parallel()
	etc := fakeEtc(t)
	stage := filepath.Join(t.TempDir(), "etc")
	args, err := stageEtc(etc, stage)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"--ro-bind", stage, "/etc"}
	for _, name := range []string{"alternatives", "fonts", "gai.conf", "mime.types", "protocols", "services", "ssl"} {
		want = append(want, "--ro-bind", filepath.Join(etc, name), "/etc/"+name)
	}
	if !sameBinds(args, want) {
		t.Errorf("arguments:\n got %q\nwant %q", args, want)
	}
	for _, c := range []struct{ path, content string }{
		{"passwd", "root:x:0:0::/root:/bin/sh\n"}, {"hosts", "127.0.0.1 localhost\n"},
		{"perl/Config.pm", "1;\n"}, {"perl/sub/deep.pm", "2;\n"}, {"ld.so.conf.d/x.conf", "/usr/lib/x\n"},
	} {
		got, err := os.ReadFile(filepath.Join(stage, c.path))
		if err != nil || string(got) != c.content {
			t.Errorf("%s: copied %q (%v), want %q", c.path, got, err, c.content)
		}
		if in, out := modeOf(t, filepath.Join(etc, c.path)), modeOf(t, filepath.Join(stage, c.path)); in != out {
			t.Errorf("%s: mode %v, the host's is %v", c.path, out, in)
		}
	}
	for link, target := range map[string]string{"perl/link.pm": "Config.pm", "ld.so.conf.d/y": "/usr/lib/y.conf"} {
		if got, err := os.Readlink(filepath.Join(stage, link)); err != nil || got != target {
			t.Errorf("%s: link to %q (%v), want %q", link, got, err, target)
		}
	}
	for name, empty := range map[string]bool{"gai.conf": true, "protocols": true, "services": true, "mime.types": true} {
		if info, err := os.Lstat(filepath.Join(stage, name)); err != nil || !info.Mode().IsRegular() || info.Size() != 0 || !empty {
			t.Errorf("%s: want an empty file to mount over: %v %v", name, info, err)
		}
	}
	for _, name := range []string{"fonts", "ssl", "alternatives"} {
		if entries, err := os.ReadDir(filepath.Join(stage, name)); err != nil || len(entries) != 0 {
			t.Errorf("%s: want an empty directory to mount over, got %d entries (%v)", name, len(entries), err)
		}
	}
	if _, err := os.Lstat(filepath.Join(stage, "hostname")); err == nil {
		t.Error("a dangling link was staged")
	}
}

// TestTheStageCopiesNoMoreThanItsBudget: once the copies hold stagedBytes,
// the next entries are mounted, not copied.
func TestTheStageCopiesNoMoreThanItsBudget(t *testing.T) {
	t.Parallel()
	etc := filepath.Join(t.TempDir(), "etc")
	n := stagedBytes/copiedEtcFile + 1
	for i := 0; i < n; i++ {
		dir := filepath.Join(etc, fmt.Sprintf("java-%d", i))
		mustMkdir(t, dir, 0o755)
		if err := os.WriteFile(filepath.Join(dir, "big"), make([]byte, copiedEtcFile), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args, err := stageEtc(etc, filepath.Join(t.TempDir(), "etc"))
	if err != nil {
		t.Fatal(err)
	}
	if mounted := strings.Count(strings.Join(args, " "), "--ro-bind") - 1; mounted != 1 {
		t.Errorf("%d of %d MiB directories mounted, want the one over the budget: %q", mounted, n, args)
	}
}

// sameBinds reports whether the stage's arguments are want's: /etc first,
// then the same mounts in any order.
func sameBinds(got, want []string) bool {
	if len(got) != len(want) || !slices.Equal(got[:3], want[:3]) {
		return false
	}
	triples := func(a []string) []string {
		var out []string
		for i := 3; i+2 < len(a); i += 3 {
			out = append(out, strings.Join(a[i:i+3], " "))
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(triples(got), triples(want))
}

// modeOf is p's mode, followed when it is a link, as the stage follows
// an entry.
func modeOf(t *testing.T, p string) os.FileMode {
	t.Helper()
	info, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return info.Mode()
}

// etcListing is a script listing the /etc entries names, followed when
// they are links as a mount or copy follows them: each path, type, mode
// and link target, and each readable regular file's checksum.
func etcListing(names []string) string {
	list := strings.Join(names, " ")
	return "cd /etc && for e in " + list + "; do find -H \"$e\" -printf '%p %y %m %l\\n' 2>/dev/null; done | sort && " +
		"find -H " + list + " -type f -readable -exec md5sum {} + 2>/dev/null | sort; true"
}

// stagedNames makes tree's copy of /etc and returns its entries.
func stagedNames(t *testing.T, tree *Tree) []string {
	t.Helper()
	if _, err := tree.etc.mountsOf("/etc"); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(tree.etc.dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestATreesCommandSeesTheHostsEtc: a command in a tree, shown the tree's
// copy of /etc, sees each allowlisted entry as the host shows it to the
// commands' user (type, mode, link target, content), as a command outside
// a tree, shown the entries one by one, does.
func TestATreesCommandSeesTheHostsEtc(t *testing.T) {
	t.Parallel()
	sb := New(context.Background(), Policy{Mode: Required})
	if !sb.Isolated() {
		needsandbox.Missing(t, sb.Report().Reason)
	}
	tree := oneCommitTree(t)
	names := stagedNames(t, tree)
	script := etcListing(names)
	inside, err := runLaunch(t, sb, script, tree.Dir, []string{"PATH=/usr/bin:/bin"}, tree.Mounts())
	if err != nil {
		t.Fatalf("listing /etc in the tree: %v\n%s", err, inside)
	}
	host := []string{"sh", "-c", script}
	if os.Geteuid() == 0 { // as the commands' user, who cannot read what root alone reads
		host = append([]string{"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"}, host...)
	}
	out, err := exec.Command(host[0], host[1:]...).CombinedOutput()
	if err != nil {
		t.Fatalf("listing the host's /etc: %v\n%s", err, out)
	}
	if inside != string(out) || !strings.Contains(inside, "passwd f") {
		t.Errorf("the tree's /etc differs from the host's:\n--- inside\n%s\n--- host\n%s", inside, out)
	}
	for _, n := range names {
		if !listedInEtc(n) {
			t.Errorf("/etc/%s is staged but not listed", n)
		}
	}
}

// TestACommandCannotChangeTheNextOnesEtc: the tree's copy of /etc, shared
// by its commands, is read-only to them: no append, no new file, no
// removal, no mode change; the next command sees it unchanged. The
// control is the command's own /tmp, which it writes.
func TestACommandCannotChangeTheNextOnesEtc(t *testing.T) {
	t.Parallel()
	sb := New(context.Background(), Policy{Mode: Required})
	if !sb.Isolated() {
		needsandbox.Missing(t, sb.Report().Reason)
	}
	tree := oneCommitTree(t)
	env := []string{"PATH=/usr/bin:/bin"}
	script := etcListing(stagedNames(t, tree))
	before, err := runLaunch(t, sb, script, tree.Dir, env, tree.Mounts())
	if err != nil {
		t.Fatal(err)
	}
	for _, attack := range []string{"echo evil >> /etc/passwd", "echo evil > /etc/planted", "rm -f /etc/passwd",
		"chmod 0777 /etc/passwd", "mv /etc/passwd /etc/passwd.old", "mkdir /etc/planted.d"} {
		if out, err := runLaunch(t, sb, attack+" && echo CHANGED", tree.Dir, env, tree.Mounts()); err == nil || strings.Contains(out, "CHANGED") {
			t.Errorf("%s: the command changed the tree's /etc: %v %s", attack, err, out)
		}
	}
	after, err := runLaunch(t, sb, script, tree.Dir, env, tree.Mounts())
	if err != nil || after != before {
		t.Errorf("the next command's /etc changed (%v):\n--- before\n%s\n--- after\n%s", err, before, after)
	}
	if out, err := runLaunch(t, sb, `awk '$5 == "/etc" { print $6 }' /proc/self/mountinfo`, tree.Dir, env, tree.Mounts()); err != nil ||
		!strings.HasPrefix(out, "ro,") {
		t.Errorf("/etc is not a read-only mount: %v %q", err, out)
	}
	if out, err := runLaunch(t, sb, "echo x > /tmp/x && cat /tmp/x", tree.Dir, env, tree.Mounts()); err != nil || out != "x\n" {
		t.Errorf("control: the command cannot write its /tmp: %v %s", err, out)
	}
}

// TestATreeWhoseStageCannotBeMadeShowsTheEntriesOneByOne: when the copy
// cannot be made, the tree's commands see /etc as a command outside a
// tree does, and the half-made copy is gone.
func TestATreeWhoseStageCannotBeMadeShowsTheEntriesOneByOne(t *testing.T) {
	t.Parallel()
	sb := New(context.Background(), Policy{Mode: Required})
	if !sb.Isolated() {
		needsandbox.Missing(t, sb.Report().Reason)
	}
	tree := oneCommitTree(t)
	tree.etc.parent = filepath.Join(tree.scratch, "no such directory")
	got, err := runLaunch(t, sb, "cat /etc/passwd", tree.Dir, []string{"PATH=/usr/bin:/bin"}, tree.Mounts())
	want, rerr := os.ReadFile("/etc/passwd")
	if err != nil || rerr != nil || got != string(want) {
		t.Errorf("/etc/passwd without the stage: %v %v\n%s", err, rerr, got)
	}
	if _, err := tree.etc.mountsOf("/etc"); err == nil {
		t.Error("the stage reports no error")
	}
}

// TestTheStageGoesWithItsTree: Close removes the tree's copy of /etc.
func TestTheStageGoesWithItsTree(t *testing.T) {
	t.Parallel()
	tree := oneCommitTree(t)
	if _, err := tree.etc.mountsOf("/etc"); err != nil {
		t.Fatal(err)
	}
	made := tree.etc.made
	if made == "" || !strings.HasPrefix(tree.etc.dir, made+"/") {
		t.Fatalf("the stage %q is not in its run directory %q", tree.etc.dir, made)
	}
	tree.Close()
	if _, err := os.Stat(made); !os.IsNotExist(err) {
		t.Errorf("the stage outlived its tree: %v", err)
	}
	if _, err := tree.etc.mountsOf("/etc"); err == nil {
		t.Error("a closed tree's stage can still be mounted")
	}
}

// BenchmarkStageEtc is the once-per-tree cost of copying this machine's
// /etc allowlist, on the temp dir's disk and where a tree makes it
// (rundir.FastTemp: in memory when it can); bench/README.md compares it
// with the per-command saving.
func BenchmarkStageEtc(b *testing.B) {
	for _, where := range []string{"temp-dir", "tree"} {
		b.Run(where, func(b *testing.B) {
			parent := b.TempDir()
			if where == "tree" {
				made, err := rundir.FastTemp("bench")
				if err != nil {
					b.Fatal(err)
				}
				defer rundir.Remove(made)
				parent = made
			}
			for i := 0; b.Loop(); i++ {
				if _, err := stageEtc("/etc", filepath.Join(parent, fmt.Sprint(i))); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
