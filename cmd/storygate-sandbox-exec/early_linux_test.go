//go:build linux

package main

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/sandboxexec"
	"github.com/storygate/storygate/internal/testrepo"
)

// dialEnv makes this test binary a TCP client of the address it holds.
const dialEnv = "STORYGATE_TEST_DIAL"

func TestMain(m *testing.M) {
	if addr := os.Getenv(dialEnv); addr != "" {
		c, err := net.DialTimeout("tcp", addr, 2*time.Second)
		if err != nil {
			os.Exit(1)
		}
		c.Close()
		os.Exit(0)
	}
	code := m.Run()
	if builds.dir != "" {
		os.RemoveAll(builds.dir)
	}
	os.Exit(code)
}

// builds are the two helpers, built once for the package's tests in dir,
// which TestMain removes.
var builds struct {
	once           sync.Once
	dir, c, golang string
	err            error
}

// helpers builds this command twice, as the release builds it
// (testrepo.ReleaseBuild: cgo, the C helper linked static) and the same
// without cgo (the Go helper alone), and returns the two executables.
func helpers(t *testing.T) (c, golang string) {
	t.Helper()
	testrepo.SkipWithoutCC(t)
	builds.once.Do(func() {
		builds.dir, builds.err = os.MkdirTemp("", "sandbox-exec-builds-")
		if builds.err != nil {
			return
		}
		builds.c, builds.golang = filepath.Join(builds.dir, "c"), filepath.Join(builds.dir, "go")
		for out, noCgo := range map[string]bool{builds.c: false, builds.golang: true} {
			cmd := testrepo.ReleaseBuild(filepath.Join("..", ".."), out, testrepo.HelperPackage)
			if noCgo {
				cmd = exec.Command("go", "build", "-trimpath", "-o", out, ".")
				cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
			}
			if msg, err := testrepo.GoBuild(cmd); err != nil {
				builds.err = fmt.Errorf("go build (without cgo: %v): %w\n%s", noCgo, err, msg)
				return
			}
		}
	})
	if builds.err != nil {
		t.Fatal(builds.err)
	}
	return builds.c, builds.golang
}

// probe prints what a command started by the helper gets: its user,
// groups, capabilities and no_new_privs, its limits, and what Landlock
// lets it do in the two --write directories, outside them, over TCP and
// with a signal to a process outside its domain.
const probe = `grep -E '^(Uid|Gid|Groups|CapInh|CapPrm|CapEff|CapBnd|CapAmb|NoNewPrivs):' /proc/self/status
grep -E '^Max (core file size|address space|processes|file size)' /proc/self/limits
echo a > "$W1/f" && echo write-in
mv "$W1/f" "$W2/f" && echo refer
ln -s x "$W1/l" && echo symlink
mkfifo "$W2/p" && echo fifo
(echo x > "$RO/f") 2>/dev/null && echo write-out || echo write-out-denied
mkdir "$RO/d" 2>/dev/null && echo mkdir-out || echo mkdir-out-denied
ln "$RO/r" "$W1/hard" 2>/dev/null && echo link-in || echo link-in-denied
(echo x > /dev/null) && echo dev-null
cat "$RO/r" && echo read-out
STORYGATE_TEST_DIAL="$ADDR" "$SELF" && echo tcp || echo tcp-denied
kill -0 1 2>/dev/null && echo signal-out || echo signal-out-denied
echo done`

// TestTheCHelperGivesWhatTheGoHelperGives runs the release's helper (its C
// constructor) and the Go helper on the same lines and compares what the
// command gets, or that both refuse the line (exit 126, a message from
// storygate's sandbox).
func TestTheCHelperGivesWhatTheGoHelperGives(t *testing.T) {
	t.Parallel()
	c, golang := helpers(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	addr := testrepo.HostService(t)
	relative := open(t, t.TempDir())
	if err := os.MkdirAll(filepath.Join(relative, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/bin/sh", filepath.Join(relative, "bin", "sh")); err != nil {
		t.Fatal(err)
	}
	path := "PATH=/usr/bin:/bin"
	type run struct {
		name string
		line []string
		env  []string
	}
	limits := []string{"--rlimit", "core=0", "--rlimit", "as=8589934592", "--rlimit", "nproc=4096", "--rlimit", "fsize=1073741824"}
	runs := []run{
		{"limits and Landlock", append(limits, "--write", "W1", "--write", "W2", "--write", "/dev", "--", "sh", "-c", probe), nil},
		{"Landlock alone", []string{"--write", "W1", "--write", "W2", "--write", "/dev", "--", "sh", "-c", probe}, nil},
		{"a program by path", []string{"--write", "W1", "--", "/bin/sh", "-c", "echo $0"}, nil},
		{"no PATH", []string{"--", "sh", "-c", "echo no-path"}, []string{}},
		{"an empty PATH", []string{"--", "sh", "-c", "true"}, []string{"PATH="}},
		{"a relative PATH entry first", []string{"--", "sh", "-c", "true"}, []string{"PATH=bin:/usr/bin:/bin"}},
		{"a missing program", []string{"--", "no-such-program"}, nil},
		{"a directory as the program", []string{"--", "/tmp"}, nil},
		{"a program path longer than PATH_MAX", []string{"--", strings.Repeat("/x", 3000) + "/sh"}, nil},
		{"a PATH entry longer than PATH_MAX", []string{"--", "sh", "-c", "echo found"}, []string{"PATH=" + strings.Repeat("/x", 3000) + ":/usr/bin:/bin"}},
		{"a missing --write directory", []string{"--write", "/no/such/dir", "--", "true"}, nil},
		{"the exit status", []string{"--", "sh", "-c", "exit 7"}, nil},
	}
	if os.Geteuid() == 0 {
		runs = append(runs, run{"the user, limits and Landlock", append(append([]string{"--user", "65534"}, limits...),
			"--write", "W1", "--write", "W2", "--write", "/dev", "--", "sh", "-c", probe), nil})
	}
	for _, bad := range [][]string{{}, {"--"}, {"sh"}, {"--user"}, {"--user", "-1", "--", "true"}, {"--user", "x", "--", "true"},
		{"--user", "+", "--", "true"}, {"--user", " 1", "--", "true"}, {"--user", "99999999999999999999", "--", "true"},
		{"--rlimit", "core", "--", "true"}, {"--rlimit", "bogus=1", "--", "true"}, {"--rlimit", "core=+1", "--", "true"},
		{"--rlimit", "core=-1", "--", "true"}, {"--rlimit", "core=", "--", "true"}, {"--rlimit", "=1", "--", "true"},
		{"--rlimit", "core=18446744073709551616", "--", "true"}, {"--frob", "x", "--", "true"}, {"--write", "/tmp", "true"}} {
		runs = append(runs, run{fmt.Sprintf("malformed %q", bad), bad, nil})
	}
	for _, r := range runs {
		var outs [2]string
		for i, bin := range []string{c, golang} {
			dir := open(t, t.TempDir())
			w1, w2, ro := filepath.Join(dir, "w1"), filepath.Join(dir, "w2"), filepath.Join(dir, "ro")
			for _, d := range []string{w1, w2, ro} {
				if err := os.Mkdir(d, 0o777); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(filepath.Join(ro, "r"), []byte("readable\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			line := append([]string{sandboxexec.Command}, r.line...)
			for j, a := range line {
				line[j] = strings.NewReplacer("W1", w1, "W2", w2).Replace(a)
			}
			cmd := exec.Command(bin, line...)
			cmd.Dir = relative
			cmd.Env = append([]string{"W1=" + w1, "W2=" + w2, "RO=" + ro, "ADDR=" + addr, "SELF=" + self}, r.env...)
			if r.env == nil {
				cmd.Env = append(cmd.Env, path)
			}
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			outs[i] = fmt.Sprintf("exit %d\n%s", code, stdout.String())
			if code == 126 {
				outs[i] += "(" + strings.Fields(stderr.String() + " x")[0] + ")\n" // the first word: both say storygate's
			}
			if code == 126 && !strings.HasPrefix(stderr.String(), "storygate sandbox: ") {
				t.Errorf("%s: %s refused the line without saying so: %q", r.name, filepath.Base(bin), stderr.String())
			}
		}
		if outs[0] != outs[1] {
			t.Errorf("%s: the C helper and the Go helper differ:\n--- C\n%s\n--- Go\n%s", r.name, outs[0], outs[1])
		}
		if len(r.line) > 0 && strings.Contains(r.line[len(r.line)-1], "echo done") && !strings.HasSuffix(outs[0], "done\n") {
			t.Errorf("%s: the probe did not run to its end:\n%s", r.name, outs[0])
		}
		if strings.HasPrefix(r.name, "malformed") && !strings.HasPrefix(outs[0], "exit 126\n") {
			t.Errorf("%s: not refused: %s", r.name, outs[0])
		}
	}
}

// open makes dir and the directories above it up to the temp dir
// searchable by everyone, so that the commands' user (uid 65534) reaches
// the --write directories in it, and returns it.
func open(t *testing.T, dir string) string {
	t.Helper()
	for d := dir; d != filepath.Dir(d) && strings.HasPrefix(d, os.TempDir()+"/"); d = filepath.Dir(d) {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestTheCHelperIsStaticAndRunsFirst: the release's helper needs no
// dynamic loader (it runs in the Alpine image and on any runner); run as
// the helper, it executes the command before the Go runtime starts (with
// GODEBUG=inittrace=1 the runtime reports its initializers; the Go
// helper, the control, does); started any other way, it leaves the Go
// program to say how it is run. The helper's subcommand is spelled in the
// C file too: were it not sandboxexec.Command's, the Go helper would run
// in its place, and this test fails.
func TestTheCHelperIsStaticAndRunsFirst(t *testing.T) {
	t.Parallel()
	c, golang := helpers(t)
	for _, h := range []struct {
		bin   string
		trace bool
	}{{c, false}, {golang, true}} {
		cmd := exec.Command(h.bin, sandboxexec.Command, "--", "/bin/true")
		cmd.Env = []string{"PATH=/usr/bin:/bin", "GODEBUG=inittrace=1"}
		out, err := cmd.CombinedOutput()
		if traced := strings.Contains(string(out), "init runtime"); err != nil || traced != h.trace {
			t.Errorf("%s as the helper: %v, the Go runtime started: %v, want %v\n%s", filepath.Base(h.bin), err, traced, h.trace, out)
		}
	}
	data, err := os.ReadFile(c)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("/ld-linux")) {
		t.Errorf("%s names a dynamic loader: not a static executable", c)
	}
	out, err := exec.Command(c).CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(string(out), "run by storygate's sandbox only") {
		t.Errorf("run alone: %v %s, want the Go program's usage and exit 2", err, out)
	}
}

// FuzzTheCAndGoHelpersReadALineAlike feeds arbitrary options
// (NUL-separated, every "--" taken out, so that the program is always the
// harmless one the test appends) to the release's helper and the Go
// helper: both refuse the line, or both run the program with the same
// output. Seeds live in testdata/fuzz/FuzzTheCAndGoHelpersReadALineAlike.
func FuzzTheCAndGoHelpersReadALineAlike(f *testing.F) {
	f.Add("--rlimit\x00core=0\x00--rlimit\x00nproc=4096\x00--write\x00/tmp")
	f.Add("--user\x00+0\x00--rlimit\x00fsize=1048576")
	f.Add("--rlimit\x00core=1_0")
	f.Add("--write")
	f.Fuzz(func(t *testing.T, options string) {
		c, golang := helpers(t)
		var line []string
		for _, a := range strings.Split(options, "\x00") {
			if a != "--" {
				line = append(line, a)
			}
		}
		if options == "" {
			line = nil
		}
		line = append(append([]string{sandboxexec.Command}, line...), "--", "/bin/sh", "-c", "echo ran")
		var got [2]string
		for i, bin := range []string{c, golang} {
			cmd := exec.Command(bin, line...)
			cmd.Dir, cmd.Env = t.TempDir(), []string{"PATH=/usr/bin:/bin"}
			out, err := cmd.Output()
			var exit *exec.ExitError
			if err != nil && !errors.As(err, &exit) {
				t.Fatal(err)
			}
			got[i] = fmt.Sprintf("%v %q", err, out)
		}
		if got[0] != got[1] {
			t.Errorf("%q: the C helper gives %s, the Go helper %s", line, got[0], got[1])
		}
	})
}
