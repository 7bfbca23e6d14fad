//go:build linux

package sandbox

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/storygate/storygate/internal/needsandbox"
)

// selfHostedOpt is a self-hosted runner's environment under /opt.
func selfHostedOpt(name string) string {
	return map[string]string{
		"HOME":              "/home/gh",
		"GITHUB_WORKSPACE":  "/opt/actions-runner/_work/r/r",
		"RUNNER_WORKSPACE":  "/opt/actions-runner/_work/r",
		"RUNNER_TEMP":       "/opt/actions-runner/_work/_temp",
		"RUNNER_TOOL_CACHE": "/opt/actions-runner/_work/_tool",
	}[name]
}

func TestRunnerDirsRefuseWhatExposesTheRunner(t *testing.T) {
	d := runnerDirsOf(selfHostedOpt)
	for _, tc := range []struct {
		path   string
		inTree bool
		want   string // "" when the path may be mounted
	}{
		{"/opt", false, "contains /opt/actions-runner"},
		{"/opt/actions-runner", false, "is or contains"},
		{"/opt/actions-runner/_work/_temp", false, "is or contains"},
		{"/opt/actions-runner/.credentials", false, "lies inside /opt/actions-runner"},
		{"/opt/actions-runner/_work/r/r/node_modules", false, "lies inside"},
		{"/opt/actions-runner/_work/_tool/go/1.22.5/x64", false, ""},
		{"/opt/actions-runner/_work/_tool", false, ""},
		{"/opt/actions-runner/_work/r/r/.git/objects", true, ""},
		{"/opt/actions-runner/_work", true, "is or contains"},
		{"/home/gh/go/pkg/mod", false, "lies inside /home"},
		{"/home/other", false, "lies inside /home"},
		{"/__w/_temp", false, "lies inside /__w"},
		{"/", false, "contains"},
		{"/srv/cache", false, ""},
	} {
		got := d.exposes(tc.path, tc.inTree)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("exposes(%s, %v) = %q, want %q", tc.path, tc.inTree, got, tc.want)
		}
	}
}

func TestToolchainRootIsTheToolCacheEntryOrAboveBin(t *testing.T) {
	d := runnerDirsOf(selfHostedOpt)
	for _, tc := range []struct{ bin, want string }{
		{"/opt/actions-runner/_work/_tool/go/1.22.5/x64/bin", "/opt/actions-runner/_work/_tool/go/1.22.5/x64"},
		{"/opt/actions-runner/_work/_tool/node/20.1.0/x64/lib/node_modules/.bin", "/opt/actions-runner/_work/_tool/node/20.1.0/x64"},
		{"/opt/actions-runner/_work/_tool/go", "/opt/actions-runner/_work/_tool/go"},
		{"/srv/zig/bin", "/srv/zig"},
		{"/opt/bin", "/opt/bin"},
		{"/srv/tools", "/srv/tools"},
	} {
		if got := d.toolchainRoot(tc.bin); got != tc.want {
			t.Errorf("toolchainRoot(%s) = %s, want %s", tc.bin, got, tc.want)
		}
	}
}

func TestConfiguredPathExposingTheRunnerIsRefused(t *testing.T) {
	d := runnerDirsOf(selfHostedOpt)
	for _, tc := range []struct {
		paths   []string
		refused bool
	}{
		{[]string{"/srv/cache"}, false},
		{[]string{"/srv/cache", "/opt"}, true},
		{[]string{"/home/gh/.cache/go-build"}, true},
		{nil, false},
	} {
		err := d.refusal(tc.paths)
		if (err != nil) != tc.refused {
			t.Errorf("refusal(%v) = %v, want refused %v", tc.paths, err, tc.refused)
		}
		if err != nil && !strings.Contains(err.Error(), "verify.sandbox_paths") {
			t.Errorf("refusal(%v) does not name the key: %v", tc.paths, err)
		}
	}
}

func TestSandboxShowsOnlyTheListedEntriesOfEtc(t *testing.T) {
	sb := New(context.Background(), Policy{Mode: Required})
	if !sb.Isolated() {
		needsandbox.Missing(t, sb.Report().Reason)
	}
	planted, err := os.CreateTemp("/etc", "storygate-admin-credentials-")
	if err != nil {
		t.Skipf("cannot plant a file in /etc: %v", err)
	}
	t.Cleanup(func() { os.Remove(planted.Name()) })
	if _, err := planted.WriteString("ghs_etctoken\n"); err != nil {
		t.Fatal(err)
	}
	planted.Close()
	os.Chmod(planted.Name(), 0o644)
	l, err := sb.Command("ls -A /etc; cat "+planted.Name()+" /etc/gitconfig /etc/environment; test -r /etc/ssl/certs && echo certs-readable",
		"/", os.Environ(), Mounts{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Done()
	cmd := exec.Command(l.Path, l.Args...)
	l.Apply(cmd)
	out, err := cmd.CombinedOutput()
	if err != nil && !strings.Contains(string(out), "cat:") {
		t.Fatalf("the sandbox did not run the command: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "ghs_etctoken") {
		t.Errorf("the planted file in /etc was readable:\n%s", out)
	}
	if exists("/etc/ssl/certs") && !strings.Contains(string(out), "certs-readable") {
		t.Errorf("the certificates are not readable:\n%s", out)
	}
	for _, name := range strings.Fields(strings.Split(string(out), "cat:")[0]) {
		if !listedInEtc(name) {
			t.Errorf("/etc/%s is mounted but not listed", name)
		}
	}
}

// listedInEtc reports whether name matches one of etcEntries.
func listedInEtc(name string) bool {
	for _, e := range etcEntries {
		if ok, _ := filepath.Match(e, name); ok {
			return true
		}
	}
	return false
}

// TestEtcFilesAreReadOnlyCopies: the /etc files a command sees (copied
// in through descriptors, not mounted) hold the host's content, a link's
// target's for a link, and the command cannot write them; the control is
// the command writing its own /tmp.
func TestEtcFilesAreReadOnlyCopies(t *testing.T) {
	sb := New(context.Background(), Policy{Mode: Required})
	if !sb.Isolated() {
		needsandbox.Missing(t, sb.Report().Reason)
	}
	etcEnv := []string{"PATH=/usr/bin:/bin"}
	var names []string
	for _, n := range []string{"passwd", "group", "hosts", "localtime", "ld.so.cache"} {
		if info, err := os.Stat("/etc/" + n); err == nil && info.Mode().IsRegular() {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		t.Skip("no /etc file to compare")
	}
	for _, n := range names {
		want, err := os.ReadFile("/etc/" + n)
		if err != nil {
			t.Fatal(err)
		}
		got, err := runLaunch(t, sb, "cat /etc/"+n, "/", etcEnv, Mounts{})
		if err != nil || got != string(want) {
			t.Errorf("/etc/%s inside: %d bytes (%v), host %d bytes", n, len(got), err, len(want))
		}
		if out, err := runLaunch(t, sb, "echo x >> /etc/"+n, "/", etcEnv, Mounts{}); err == nil {
			t.Errorf("the command appended to /etc/%s: %s", n, out)
		}
	}
	if out, err := runLaunch(t, sb, "echo x > /tmp/x && cat /tmp/x", "/", etcEnv, Mounts{}); err != nil || out != "x\n" {
		t.Errorf("control: the command cannot write /tmp: %v %s", err, out)
	}
}

// TestEtcEntryNeitherBlocksNorCopiesWhatIsNoFile: a FIFO, a directory and a
// file over copiedEtcFile are mounted, not copied (opening the FIFO does not
// wait for a writer); a small file is copied from a descriptor; what does
// not exist shows nothing.
func TestEtcEntryNeitherBlocksNorCopiesWhatIsNoFile(t *testing.T) {
	dir := t.TempDir()
	fifo, small, big := filepath.Join(dir, "fifo"), filepath.Join(dir, "small"), filepath.Join(dir, "big")
	if err := unix.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(small, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(big, make([]byte, copiedEtcFile+1), 0o644); err != nil {
		t.Fatal(err)
	}
	var p pinned
	defer p.close()
	for _, c := range []struct {
		path, want string
	}{{fifo, "--ro-bind"}, {dir, "--ro-bind"}, {big, "--ro-bind"}, {small, "--perms 0444 --file 3"}, {filepath.Join(dir, "none"), ""}} {
		if got := strings.Join(p.etcEntry(c.path), " "); !strings.HasPrefix(got, c.want) || (c.want == "") != (got == "") {
			t.Errorf("%s: %q, want %q…", filepath.Base(c.path), got, c.want)
		}
	}
	if len(p.files) != 1 {
		t.Errorf("%d descriptors kept, want 1 (the small file's)", len(p.files))
	}
}
