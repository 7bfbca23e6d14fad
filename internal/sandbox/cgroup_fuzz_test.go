package sandbox

import (
	"strings"
	"testing"
)

// FuzzOwnCgroup feeds arbitrary /proc/self/cgroup contents to ownCgroup:
// it never panics, and a path it returns is absolute and one of the
// input's "0::" lines. Seeds live in testdata/fuzz/FuzzOwnCgroup.
func FuzzOwnCgroup(f *testing.F) {
	f.Add("0::/system.slice/actions.runner.service\n")
	f.Add("12:pids:/\n4:memory:/docker/abc\n0::/\n")
	f.Add("4:memory:/x\n")
	f.Fuzz(func(t *testing.T, content string) {
		p, ok := ownCgroup(content)
		if !ok {
			if p != "" {
				t.Fatalf("no cgroup but a path %q", p)
			}
			return
		}
		if !strings.HasPrefix(p, "/") || !strings.Contains(content, "0::"+p) {
			t.Fatalf("path %q is not one of the input's", p)
		}
	})
}
