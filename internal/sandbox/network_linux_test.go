//go:build linux

package sandbox

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/needsandbox"
	"github.com/storygate/storygate/internal/testrepo"
)

// netEnv makes this test binary, started in the sandbox as its helper's
// path with no arguments, a network client or server (netChild).
const netEnv = "STORYGATE_TEST_NET"

func init() { childHooks[netEnv] = netChild }

// netChild does what STORYGATE_TEST_NET_DO says: "serve" listens on a
// loopback TCP port and on an abstract UNIX socket and connects to each,
// as a suite's test server and client do; "dial:ADDR" connects to ADDR.
// It prints what worked and exits 0, or the error and exits 1.
func netChild() int {
	do := os.Getenv(netEnv + "_DO")
	var err error
	if addr, ok := strings.CutPrefix(do, "dial:"); ok {
		var c net.Conn
		if c, err = net.DialTimeout("tcp", addr, 2*time.Second); err == nil {
			c.Close()
			fmt.Println("reached", addr)
		}
	} else {
		err = serveAndConnect("tcp", "127.0.0.1:0")
		if err == nil {
			err = serveAndConnect("unix", fmt.Sprintf("@storygate-test-%d", os.Getpid()))
		}
	}
	if err != nil {
		fmt.Println("error:", err)
		return 1
	}
	return 0
}

// serveAndConnect listens at addr, connects to it and reads back what the
// server wrote.
func serveAndConnect(network, addr string) error {
	l, err := net.Listen(network, addr)
	if err != nil {
		return err
	}
	defer l.Close()
	go func() {
		if c, err := l.Accept(); err == nil {
			c.Write([]byte("hello"))
			c.Close()
		}
	}()
	c, err := net.Dial(network, l.Addr().String())
	if err != nil {
		return err
	}
	defer c.Close()
	got, err := io.ReadAll(c)
	if err != nil || string(got) != "hello" {
		return fmt.Errorf("%s %s: read %q: %v", network, addr, got, err)
	}
	fmt.Println("served", network)
	return nil
}

// netSandbox is a sandbox with network n whose Landlock helper is this
// test binary, so that a command can start it (as helperMount) as a
// network client or server.
func netSandbox(t *testing.T, n Network) *Sandbox {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	sb := New(context.Background(), Policy{Mode: Required, Network: n, Helper: exe})
	if !sb.Isolated() {
		needsandbox.Missing(t, sb.Report().Reason)
	}
	if rep := sb.Report(); rep.LandlockABI == 0 {
		t.Skipf("no Landlock layer here: %s", rep.NoLandlock)
	}
	return sb
}

// runNetChild runs netChild in sb, in a clone, doing do.
func runNetChild(t *testing.T, sb *Sandbox, do string) (string, error) {
	t.Helper()
	tree := oneCommitTree(t)
	env := []string{"PATH=/usr/bin:/bin", netEnv + "=1", netEnv + "_DO=" + do}
	return runLaunch(t, sb, helperMount, tree.Dir, env, tree.Mounts())
}

// TestASuiteServesAndConnectsOnItsOwnLoopbackUnderLandlock: with the
// Landlock layer (whose ABI 4 and later can restrict TCP), a suite still
// binds a test server on 127.0.0.1 and connects to it, and talks over an
// abstract UNIX socket of its own, in every network mode, as
// docs/verify.md promises. A domain handling TCP with no port allowed
// refused the bind (EACCES).
func TestASuiteServesAndConnectsOnItsOwnLoopbackUnderLandlock(t *testing.T) {
	t.Parallel()
	for _, n := range Networks {
		out, err := runNetChild(t, netSandbox(t, n), "serve")
		if err != nil || !strings.Contains(out, "served tcp") || !strings.Contains(out, "served unix") {
			t.Errorf("network %s: a suite's own loopback server did not work: %v\n%s", n, err, out)
		}
	}
}

// TestACommandReachesNoHostServiceWithoutTheFullNetwork: a service on the
// runner's own loopback (a database, a credential broker) is out of reach
// with verify.network none or loopback, whatever Landlock lets through;
// the control is the full network, which reaches it.
func TestACommandReachesNoHostServiceWithoutTheFullNetwork(t *testing.T) {
	t.Parallel()
	addr := testrepo.HostService(t)
	do := "dial:" + addr
	for _, n := range []Network{None, Loopback} {
		if out, err := runNetChild(t, netSandbox(t, n), do); err == nil || strings.Contains(out, "reached") {
			t.Errorf("network %s: the command reached the host's loopback service: %v\n%s", n, err, out)
		}
	}
	if out, err := runNetChild(t, netSandbox(t, Full), do); err != nil || !strings.Contains(out, "reached") {
		t.Errorf("control: with the full network the command should reach the host's service: %v\n%s", err, out)
	}
}
