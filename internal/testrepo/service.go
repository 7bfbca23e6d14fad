package testrepo

import (
	"net"
	"testing"
)

// HostService listens on the host's loopback, accepting and closing every
// connection until the test ends, as a service of the runner's would (a
// database, a credential broker), and returns its address: what a
// sandboxed command must not reach without the full network.
func HostService(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	return l.Addr().String()
}
