package sandbox

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/sandboxexec"
	"golang.org/x/sys/unix"
)

const helperEnv = "STORYGATE_PROTECT_HELPER"

// TestMain turns the test binary into the protected process when
// helperEnv is set: it protects itself, says what it sees, and waits.
func TestMain(m *testing.M) {
	// The Landlock tests run this binary as storygate's helper
	// (Policy.Helper), as cmd/storygate dispatches it.
	if len(os.Args) > 1 && os.Args[1] == HelperCommand {
		os.Exit(sandboxexec.Run(os.Args[2:], os.Stderr))
	}
	if os.Getenv(helperEnv) == "1" {
		os.Exit(protectHelper())
	}
	for env, hook := range childHooks {
		if os.Getenv(env) == "1" {
			os.Exit(hook())
		}
	}
	os.Exit(m.Run())
}

// childHooks are what this binary does instead of testing when the
// environment names one (other test files add theirs).
var childHooks = map[string]func() int{}

func protectHelper() int {
	if err := ProtectSelf([]string{"DEPLOY_KEY"}); err != nil {
		fmt.Println("error", err)
		return 1
	}
	dumpable, _ := unix.PrctlRetInt(unix.PR_GET_DUMPABLE, 0, 0, 0, 0)
	fmt.Printf("dumpable=%d getenv=%q kept=%q\nready\n", dumpable, os.Getenv("GITHUB_TOKEN")+os.Getenv("INPUT_APP-KEY")+os.Getenv("DEPLOY_KEY"), os.Getenv("HARMLESS"))
	_, _ = bufio.NewReader(os.Stdin).ReadString('\n')
	return 0
}

func TestProtectSelfDropsTokensAndDumpability(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("PR_SET_DUMPABLE and /proc/<pid>/environ are Linux")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"=1", "GITHUB_TOKEN=ghs_tok1secret", "INPUT_APP-KEY=-----BEGIN tok2secret",
		"DEPLOY_KEY=tok3secret", "HARMLESS=kept")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); _ = cmd.Wait() }()
	rd := bufio.NewReader(stdout)
	first, _ := rd.ReadString('\n')
	if ready, _ := rd.ReadString('\n'); ready != "ready\n" {
		t.Fatalf("helper said %q %q", first, ready)
	}
	if first != "dumpable=0 getenv=\"\" kept=\"kept\"\n" {
		t.Errorf("inside the protected process: %q", first)
	}
	environ, err := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/environ")
	if errors.Is(err, fs.ErrPermission) {
		return // non-dumpable: another process of the same user cannot read it at all
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range []string{"tok1secret", "tok2secret", "tok3secret"} {
		if strings.Contains(string(environ), tok) {
			t.Errorf("%s still readable in /proc/<pid>/environ", tok)
		}
	}
	if !strings.Contains(string(environ), "HARMLESS=kept") {
		t.Errorf("ordinary variables were scrubbed too: %q", environ)
	}
}
