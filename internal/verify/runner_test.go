package verify

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestRunReportsExitCodeAndOutput(t *testing.T) {
	x := Run(context.Background(), Spec{Command: "echo out; echo err >&2; exit 3", Dir: t.TempDir(), Env: os.Environ()})
	if x.StartErr != nil || x.ExitCode != 3 || x.Stdout != "out\n" || x.Stderr != "err\n" || x.TimedOut {
		t.Fatalf("Run = %+v", x)
	}
}

func TestRunCombinedInterleavesStreams(t *testing.T) {
	x := Run(context.Background(), Spec{Command: "echo a; echo b >&2; echo c", Dir: t.TempDir(), Env: os.Environ(), Combined: true})
	if x.Stdout != "a\nb\nc\n" || x.Stderr != "" {
		t.Fatalf("stdout %q stderr %q", x.Stdout, x.Stderr)
	}
}

func TestRunUsesDirectory(t *testing.T) {
	dir := t.TempDir()
	x := Run(context.Background(), Spec{Command: "pwd -P", Dir: dir, Env: os.Environ()})
	want, _ := filepath.EvalSymlinks(dir)
	if strings.TrimSpace(x.Stdout) != want {
		t.Fatalf("pwd = %q, want %q", x.Stdout, want)
	}
}

func TestRunEnvironmentCarriesNoToken(t *testing.T) {
	for _, kv := range []string{"GITHUB_TOKEN=ghs_secret1", "GH_TOKEN=ghs_secret2", "ACTIONS_RUNTIME_TOKEN=secret3",
		"ACTIONS_ID_TOKEN_REQUEST_TOKEN=secret4", "INPUT_GITHUB-TOKEN=secret5", "INPUT_APP_PRIVATE_KEY=secret6",
		"DEPLOY_KEY=secret7", "github_token=secret8", "EXPORTED_BY_A_STEP=ghs_secret9"} {
		name, val, _ := strings.Cut(kv, "=")
		t.Setenv(name, val)
	}
	t.Setenv("HARMLESS", "kept")
	env := CleanEnv(os.Environ(), []string{"DEPLOY_KEY"})
	x := Run(context.Background(), Spec{Command: "env", Dir: t.TempDir(), Env: env})
	for i := 1; i <= 9; i++ {
		if strings.Contains(x.Stdout, "secret"+strconv.Itoa(i)) {
			t.Errorf("secret%d reached the command's environment:\n%s", i, x.Stdout)
		}
	}
	if !strings.Contains(x.Stdout, "HARMLESS=kept") || !strings.Contains(x.Stdout, "PATH=") {
		t.Errorf("ordinary variables were stripped too:\n%s", x.Stdout)
	}
}

func TestRunFloodKeepsOnlyTheTail(t *testing.T) {
	const total = 200 << 20 // 200 MiB of output
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	x := Run(context.Background(), Spec{Command: "head -c 209715200 /dev/zero | tr '\\0' a; echo END", Dir: t.TempDir(), Env: os.Environ()})
	runtime.ReadMemStats(&after)
	if x.ExitCode != 0 || len(x.Stdout) != DefaultTailBytes || !strings.HasSuffix(x.Stdout, "aaaEND\n") {
		t.Fatalf("exit %d, kept %d bytes ending %q", x.ExitCode, len(x.Stdout), x.Stdout[max(0, len(x.Stdout)-8):])
	}
	if want := int64(total + 4 - DefaultTailBytes); x.StdoutDropped != want {
		t.Errorf("dropped %d bytes, want %d", x.StdoutDropped, want)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 32<<20 {
		t.Errorf("allocated %d MiB while reading 200 MiB of output; the tail should bound it", grew>>20)
	}
}

func TestRunHangIsKilledWithItsChildren(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "child.pid")
	start := time.Now()
	x := Run(context.Background(), Spec{Command: "sleep 60 & echo $! > child.pid; sh -c 'sleep 60'", Dir: dir, Env: os.Environ(), Timeout: 300 * time.Millisecond})
	if !x.TimedOut {
		t.Fatalf("not reported as timed out: %+v", x)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("Run took %s after a 300ms limit", took)
	}
	raw, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(raw)))
	waitGone(t, pid)
}

func TestRunKillsBackgroundLeftovers(t *testing.T) {
	dir := t.TempDir()
	x := Run(context.Background(), Spec{Command: "sleep 60 >/dev/null 2>&1 & echo $! > child.pid; exit 0", Dir: dir, Env: os.Environ()})
	if x.ExitCode != 0 || x.TimedOut {
		t.Fatalf("Run = %+v", x)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "child.pid"))
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(raw)))
	waitGone(t, pid)
}

// waitGone waits for pid to be dead: absent from /proc, or a zombie waiting
// for init to reap it.
func waitGone(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil || strings.Contains(string(stat), ") Z ") {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("process %d is still alive after the run ended", pid)
}

func TestRunShellMissingDirectoryIsStartError(t *testing.T) {
	x := Run(context.Background(), Spec{Command: "true", Dir: filepath.Join(t.TempDir(), "nope"), Env: os.Environ()})
	if x.StartErr == nil {
		t.Fatalf("want a start error, got %+v", x)
	}
}

func TestTailBufferKeepsNewestBytes(t *testing.T) {
	tb := newTailBuffer(5)
	for _, s := range []string{"ab", "cd", "ef", "g", "hijklmnop", "qr"} {
		tb.Write([]byte(s))
	}
	if got := tb.String(); got != "nopqr" {
		t.Errorf("tail = %q, want nopqr", got)
	}
	if got := tb.Dropped(); got != 13 {
		t.Errorf("dropped = %d, want 13", got)
	}
}
