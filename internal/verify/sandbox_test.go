package verify

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/needsandbox"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/testrepo"
)

// The tokens a job holds, planted where PR code would look for them.
const (
	envToken    = "ghs_envtoken006789"
	headerToken = "ghs_headertoken006789"
	remoteToken = "ghs_remotetoken006789"
)

// isolated returns a sandbox, skipping the test where none can start.
func isolated(t *testing.T, p sandbox.Policy) *sandbox.Sandbox {
	t.Helper()
	p.Mode = sandbox.Required
	sb := sandbox.New(context.Background(), p)
	if !sb.Isolated() {
		needsandbox.Missing(t, sb.Report().Reason)
	}
	return sb
}

// credentialedRepo is a checkout as actions/checkout leaves it with
// persist-credentials at its default: a token in http.extraheader, a
// credential helper, and a remote URL carrying another token.
func credentialedRepo(t *testing.T) (dir, head string) {
	t.Helper()
	dir = t.TempDir()
	testrepo.GitCLI(t, dir, "init", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(dir, "greet.sh"), []byte("echo hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	testrepo.GitCLI(t, dir, "add", "-A")
	testrepo.GitCLI(t, dir, "commit", "-q", "-m", "first commit")
	testrepo.GitCLI(t, dir, "commit", "-q", "--allow-empty", "-m", "second commit")
	testrepo.GitCLI(t, dir, "config", "http.https://github.com/.extraheader", "AUTHORIZATION: basic "+headerToken)
	testrepo.GitCLI(t, dir, "config", "credential.helper", "store --file=/tmp/creds-"+headerToken)
	testrepo.GitCLI(t, dir, "remote", "add", "origin", "https://x-access-token:"+remoteToken+"@github.com/o/r.git")
	return dir, testrepo.GitCLI(t, dir, "rev-parse", "HEAD")
}

// runIn reruns one command the way the gate does: cleaned environment,
// sandbox, a fresh clone of dir at head.
func runIn(t *testing.T, sb *sandbox.Sandbox, dir, head, command string, timeout time.Duration) Result {
	t.Helper()
	items := []Item{{Story: "s.md", ID: "V1", Command: command, PassWhen: "exit_code == 0"}}
	src := sandbox.Source{Commit: head}
	if tg, err := target.Open(target.Options{Root: dir, Policy: config.Default()}); err == nil && tg.Repo() != nil {
		src = tg.Source() // where the run's target finds dir, as the gate takes it
		src.Commit = head
	}
	res := Execute(context.Background(), items, Options{Dir: dir, Env: CleanEnv(os.Environ(), nil), Timeout: timeout,
		Sandbox: sb, Source: src})
	return res[0]
}

func TestSandboxCommandReadsNoTokenByAnyRoute(t *testing.T) {
	sb := isolated(t, sandbox.Policy{})
	dir, head := credentialedRepo(t)
	t.Setenv("GITHUB_TOKEN", envToken)
	t.Setenv("INPUT_GITHUB-TOKEN", envToken)
	t.Setenv("ACTIONS_RUNTIME_TOKEN", envToken)
	attack := strings.Join([]string{
		"env", "cat /proc/*/environ", "cat /proc/1/environ", "git config --list --show-origin", "cat .git/config",
		"cat " + dir + "/.git/config", "grep -rs ghs_ /tmp .git " + dir + " $HOME", "ls /proc", "git remote -v",
	}, "; ")
	r := runIn(t, sb, dir, head, attack+"; true", 0)
	out := r.StdoutTail + r.StderrTail
	if !r.Sandboxed || r.Verdict != VerdictPass {
		t.Fatalf("sandboxed %v verdict %s error %q\n%s", r.Sandboxed, r.Verdict, r.Error, out)
	}
	for _, tok := range []string{envToken, headerToken, remoteToken} {
		if strings.Contains(out, tok) {
			t.Errorf("token %s reached the command:\n%s", tok, out)
		}
	}
	// The honest part: a suite still sees the repository's history.
	if !strings.Contains(out, "[core]") {
		t.Errorf("the clone's own .git/config is missing:\n%s", out)
	}
}

func TestSandboxSuiteReadsGitHistory(t *testing.T) {
	sb := isolated(t, sandbox.Policy{})
	dir, head := credentialedRepo(t)
	r := runIn(t, sb, dir, head, `git log --format=%s | tr '\n' , ; test "$(git rev-parse HEAD)" = `+head+` && git status --porcelain && test -f greet.sh`, 0)
	if r.Verdict != VerdictPass || r.StdoutTail != "second commit,first commit," {
		t.Fatalf("verdict %s error %q out %q err %q", r.Verdict, r.Error, r.StdoutTail, r.StderrTail)
	}
}

func TestSandboxCannotWriteObjectsOrResults(t *testing.T) {
	sb := isolated(t, sandbox.Policy{})
	dir, head := credentialedRepo(t)
	results := filepath.Join(dir, "storygate-results.json")
	if err := os.WriteFile(results, []byte(`{"conclusion":"failure"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	before := testrepo.GitCLI(t, dir, "count-objects", "-v")
	objects := filepath.Join(dir, ".git", "objects")
	attack := `for f in $(find ` + objects + ` -type f); do chmod u+w "$f"; echo evil > "$f"; done; ` +
		`touch ` + objects + `/planted; echo '{"conclusion":"success"}' > ` + results + `; ` +
		`echo 'conclusion=success' >> "${GITHUB_OUTPUT:-/tmp/none}"; true`
	t.Setenv("GITHUB_OUTPUT", filepath.Join(dir, "github_output"))
	r := runIn(t, sb, dir, head, attack, 0)
	if !r.Sandboxed {
		t.Fatalf("not sandboxed: %+v", r)
	}
	if got, _ := os.ReadFile(results); string(got) != `{"conclusion":"failure"}` {
		t.Errorf("the results document was rewritten: %s", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "github_output")); err == nil {
		t.Errorf("the command reached the runner's output file")
	}
	if _, err := os.Stat(filepath.Join(objects, "planted")); err == nil {
		t.Errorf("the command wrote into the object store")
	}
	testrepo.GitCLI(t, dir, "fsck", "--strict")
	if after := testrepo.GitCLI(t, dir, "count-objects", "-v"); after != before {
		t.Errorf("object store changed:\n%s\n---\n%s", before, after)
	}
}

func TestSandboxLeavesNoProcessBehind(t *testing.T) {
	sb := isolated(t, sandbox.Policy{})
	dir, head := credentialedRepo(t)
	for _, tc := range []struct {
		name, command string
		timeout       time.Duration
	}{
		{"exits", "setsid sleep 607.1 >/dev/null 2>&1 < /dev/null & nohup sleep 607.1 >/dev/null 2>&1 & exit 0", 0},
		{"killed at the time limit", "setsid sleep 607.1 >/dev/null 2>&1 < /dev/null & sleep 607.1", 500 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runIn(t, sb, dir, head, tc.command, tc.timeout)
			if tc.timeout > 0 && r.Verdict != VerdictTimeout {
				t.Fatalf("verdict %s, want timeout", r.Verdict)
			}
			waitNoProcess(t, "607.1")
		})
	}
}

// waitNoProcess waits until no live process on the host has marker in its
// command line.
func waitNoProcess(t *testing.T, marker string) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for {
		alive := liveWith(marker)
		if len(alive) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("processes survived the command: %v", alive)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func liveWith(marker string) []string {
	var out []string
	cmdlines, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range cmdlines {
		raw, err := os.ReadFile(p)
		stat, serr := os.ReadFile(filepath.Join(filepath.Dir(p), "stat"))
		if err != nil || serr != nil || strings.Contains(string(stat), ") Z ") {
			continue
		}
		// bwrap's own processes (outside and as the namespace's init) carry
		// the command line too, but they are storygate's, not the command's,
		// and the process limit does not count them.
		if comm, _ := os.ReadFile(filepath.Join(filepath.Dir(p), "comm")); strings.TrimSpace(string(comm)) == "bwrap" {
			continue
		}
		if strings.Contains(string(raw), marker) {
			out = append(out, filepath.Dir(p)+": "+strings.ReplaceAll(string(raw), "\x00", " "))
		}
	}
	return out
}

func TestSandboxMemoryCap(t *testing.T) {
	python, err := exec.LookPath("/usr/bin/python3")
	if err != nil {
		t.Skip("needs /usr/bin/python3 to allocate memory")
	}
	sb := isolated(t, sandbox.Policy{MemoryBytes: 1 << 30})
	dir, head := credentialedRepo(t)
	r := runIn(t, sb, dir, head, python+" -c 'b = bytearray(3 << 30); print(len(b))'", 0)
	if r.Verdict != VerdictFail || !strings.Contains(r.StderrTail, "MemoryError") {
		t.Errorf("3 GiB under a 1 GiB cap: verdict %s exit %d stderr %q", r.Verdict, r.ExitCode, r.StderrTail)
	}
	if rep := sb.Report(); rep.MemoryBytes != 1<<30 {
		t.Errorf("the report does not carry the cap: %+v", rep)
	}
	ok := runIn(t, sb, dir, head, python+" -c 'b = bytearray(64 << 20); print(len(b))'", 0)
	if ok.Verdict != VerdictPass {
		t.Errorf("64 MiB under a 1 GiB cap: verdict %s stderr %q", ok.Verdict, ok.StderrTail)
	}
}

// TestSandboxProcessLimit holds as root too: storygate then runs the
// command as UnprivilegedID, which the kernel does not exempt from
// RLIMIT_NPROC. The attacks are bounded (2000 sleeps, a doubling fork bomb
// of depth 10) so that a regression costs the machine little.
func TestSandboxProcessLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("starts thousands of processes")
	}
	const limit = 50
	sb := isolated(t, sandbox.Policy{Processes: limit})
	if rep := sb.Report(); os.Geteuid() == 0 && rep.UID != sandbox.UnprivilegedID {
		t.Fatalf("storygate is root but the commands keep its uid: %+v", rep)
	}
	dir, head := credentialedRepo(t)
	for _, tc := range []struct{ name, marker, command string }{
		{"2000 sleeps", "613.1", "for i in $(seq 2000); do sleep 613.1 & done; wait"},
		{"fork bomb", "613.2", "b() { if [ $1 -lt 10 ]; then b $(($1+1)) & b $(($1+1)); fi; sleep 613.2; }; b 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			peak := watchPeak(t, tc.marker)
			// Held at the limit, the attack fails where a fork fails, or
			// sleeps until the time limit kills it with the namespace.
			r := runIn(t, sb, dir, head, tc.command, 5*time.Second)
			most := peak()
			if r.Verdict == VerdictPass {
				t.Errorf("verdict %s (%d processes seen)", r.Verdict, most)
			}
			if most > limit { // RLIMIT_NPROC allows up to limit processes of the uid, the shell included
				t.Errorf("%d processes ran under a limit of %d", most, limit)
			}
			waitNoProcess(t, tc.marker)
		})
	}
	ok := runIn(t, sb, dir, head, "for i in $(seq 5); do sleep 0.1 & done; wait; git log --oneline | wc -l", 0)
	if ok.Verdict != VerdictPass || strings.TrimSpace(ok.StdoutTail) != "2" {
		t.Errorf("5 processes under a limit of %d: %s %q %q", limit, ok.Verdict, ok.StdoutTail, ok.StderrTail)
	}
}

// watchPeak counts, until the returned function is called, the live host
// processes with marker in their command line, and returns the most seen.
func watchPeak(t *testing.T, marker string) func() int {
	t.Helper()
	stop, done := make(chan struct{}), make(chan int)
	go func() {
		most := 0
		for {
			most = max(most, len(liveWith(marker)))
			select {
			case <-stop:
				done <- most
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return func() int { close(stop); return <-done }
}

func TestSandboxRequiredRefusesWithoutSandbox(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no bwrap to find
	sb := sandbox.New(context.Background(), sandbox.Policy{Mode: sandbox.Required})
	r := Execute(context.Background(), []Item{{Story: "s.md", ID: "V1", Command: "true", PassWhen: "exit_code == 0"}},
		Options{Dir: t.TempDir(), Sandbox: sb})[0]
	if r.Verdict != VerdictError || !strings.Contains(r.Error, "required") || r.Sandboxed {
		t.Errorf("required without bwrap: verdict %s error %q", r.Verdict, r.Error)
	}
	auto := sandbox.New(context.Background(), sandbox.Policy{Mode: sandbox.Auto})
	t.Setenv("PATH", os.Getenv("PATH"))
	if rep := auto.Report(); rep.Isolated || !strings.Contains(rep.Reason, "bwrap") {
		t.Errorf("auto without bwrap: %+v", rep)
	}
}
